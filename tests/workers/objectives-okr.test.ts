import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { activeCampaign, objectiveSet } from "~/modules/objectives/okr-page.server";
import type { KeyResultInput } from "~/modules/objectives/objective-records";
import type { ObjectiveCommand } from "~/modules/objectives/objective-writes.server";

// A person's objectives in an objectives campaign, through the campaign's single writer: adding,
// editing and deleting with the weights' rules, submitting, the manager's approval, the approved
// set read-only but for actuals, the day's check-in, and other companies' ids.

const ACME = "c-acme";
const EVE = "u-acme-eve";
const ED = "u-acme-ed";
const MONA = "u-acme-mona"; // Eve's and Ed's manager
const SAM = "u-acme-sam";

async function launchedCampaign(companyId = ACME, people = [EVE, ED, SAM]) {
  const id = `oc-test-${crypto.randomUUID()}`;
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO objectives_campaigns (id, company_id, title, start_at, end_at, audience_type, audience_user_ids, notify_employees, notify_managers, state, created_by, launched_at, launched_by, created_at, updated_at) VALUES (?, ?, 'Q3 objectives', ?, ?, 'company', '[]', 1, 1, 'launched', ?, ?, ?, ?, ?)"
  )
    .bind(id, companyId, now - 86_400_000, now + 30 * 86_400_000, MONA, now, MONA, now, now)
    .run();
  for (const p of people)
    await env.DB.prepare("INSERT INTO objectives_participants (company_id, campaign_id, user_id, state, created_at) VALUES (?, ?, ?, 'pending', ?)").bind(companyId, id, p, now).run();
  return id;
}

const writer = (campaignId: string) => env.OBJECTIVES_CAMPAIGN.get(env.OBJECTIVES_CAMPAIGN.idFromName(`campaign:${campaignId}`));
const req = (actorId: string, companyId = ACME) => ({ requestId: crypto.randomUUID(), companyId, actorId });
type Without<T> = T extends unknown ? Omit<T, "campaignId"> : never;
const run = (campaignId: string, actorId: string, command: Without<ObjectiveCommand>, companyId = ACME) =>
  writer(campaignId).objectives(req(actorId, companyId), { ...command, campaignId } as ObjectiveCommand);

const kr = (over: Partial<KeyResultInput> = {}): KeyResultInput => ({
  id: crypto.randomUUID(),
  name: "Signed customers",
  description: null,
  period: "Q3",
  subRole: null,
  client: null,
  industry: null,
  incomeStatement: false,
  target: 20,
  startValue: 0,
  unit: "customers",
  direction: "increase",
  ...over,
});
const save = (campaignId: string, actor: string, o: { id?: string; weight: number; name?: string; keyResults?: KeyResultInput[]; docType?: "okr" | "performance-contract" }, isNew = !o.id) =>
  run(campaignId, actor, {
    kind: "save",
    isNew,
    objective: { id: o.id ?? crypto.randomUUID(), name: o.name ?? "Grow", description: null, weight: o.weight, docType: o.docType ?? "okr", keyResults: o.keyResults ?? [kr()] },
  });

const count = async (sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).first<{ n: number }>())!.n;
const objectiveCount = (campaignId: string, owner: string) => count("SELECT count(*) AS n FROM objectives WHERE campaign_id = ? AND owner_id = ?", campaignId, owner);
const told = (user: string, keyStart: string) =>
  count("SELECT count(*) AS n FROM notification_outbox WHERE recipient_user_id = ? AND kind = 'performance-review' AND substr(dedupe_key, 1, ?) = ?", user, keyStart.length, keyStart);
const state = async (campaignId: string, user: string) =>
  (await env.DB.prepare("SELECT state FROM objectives_participants WHERE campaign_id = ? AND user_id = ?").bind(campaignId, user).first<{ state: string }>())!.state;

describe("objectives in a campaign", () => {
  it("adds, edits and deletes; weights outside 0–100 or a total over 100 are refused and write nothing", async () => {
    const c = await launchedCampaign();
    const id = crypto.randomUUID();
    expect(await save(c, EVE, { id, weight: 60 }, true)).toMatchObject({ ok: true });
    expect(await count("SELECT count(*) AS n FROM objective_key_results WHERE objective_id = ?", id)).toBe(1);
    expect(await save(c, EVE, { weight: 101 })).toMatchObject({ ok: false, message: "Weight must be a whole number between 0 and 100." });
    expect(await save(c, EVE, { weight: -5 })).toMatchObject({ ok: false });
    expect(await save(c, EVE, { weight: 41 })).toMatchObject({ ok: false, message: "The weights of your objectives add up to more than 100." });
    expect(await objectiveCount(c, EVE)).toBe(1);

    expect(await save(c, EVE, { id, weight: 70, name: "Grow more", keyResults: [kr(), kr({ name: "Churn", direction: "decrease", startValue: 10, target: 5 })] })).toMatchObject({ ok: true });
    const row = await env.DB.prepare("SELECT name, weight, kpis FROM objectives WHERE id = ?").bind(id).first();
    expect(row).toMatchObject({ name: "Grow more", weight: 70, kpis: "[]" });
    expect(await count("SELECT count(*) AS n FROM objective_key_results WHERE objective_id = ?", id)).toBe(2);

    // Someone else's objective, or an id that is not there, is not found and untouched.
    expect(await save(c, ED, { id, weight: 10 }, false)).toMatchObject({ ok: false, notFound: true });
    expect(await run(c, ED, { kind: "delete", objectiveId: id })).toMatchObject({ ok: false, notFound: true });
    expect(await objectiveCount(c, EVE)).toBe(1);

    expect(await run(c, EVE, { kind: "delete", objectiveId: id })).toMatchObject({ ok: true });
    expect(await objectiveCount(c, EVE)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM objective_key_results WHERE objective_id = ?", id)).toBe(0);
  });

  it("submits only at exactly 100 with every income-statement actual, tells the manager; the manager approves, not oneself", async () => {
    const c = await launchedCampaign();
    const a = crypto.randomUUID();
    const revenue = kr({ name: "Revenue", incomeStatement: true, startValue: null, direction: null, unit: null, target: 1000 });
    expect(await save(c, EVE, { id: a, weight: 60, docType: "performance-contract", keyResults: [revenue] }, true)).toMatchObject({ ok: true });
    expect(await run(c, EVE, { kind: "submit" })).toMatchObject({ ok: false, message: "The weights of your objectives must add up to exactly 100 before you submit them." });
    expect(await save(c, EVE, { weight: 40 })).toMatchObject({ ok: true });
    expect(await run(c, EVE, { kind: "submit" })).toMatchObject({ ok: false, message: "Enter the actual of every income-statement KPI before you submit: Revenue." });
    expect(await state(c, EVE)).toBe("pending");

    expect(await writer(c).saveActual(req(EVE), { keyResultId: revenue.id, value: 250.5, comment: null, campaignId: c })).toEqual({ ok: true });
    // Approving before submission, or one's own, is refused.
    expect(await run(c, MONA, { kind: "approve", ownerId: EVE, mayApproveAny: false })).toMatchObject({ ok: false });
    expect(await run(c, EVE, { kind: "submit" })).toMatchObject({ ok: true });
    expect(await state(c, EVE)).toBe("submitted");
    expect(await told(MONA, `objectives-submitted:${c}:${EVE}:`)).toBeGreaterThan(0);

    expect(await run(c, EVE, { kind: "approve", ownerId: EVE, mayApproveAny: false })).toMatchObject({ ok: false, message: "You cannot approve your own objectives." });
    expect(await run(c, SAM, { kind: "approve", ownerId: EVE, mayApproveAny: false })).toMatchObject({ ok: false, notFound: true });
    expect(await state(c, EVE)).toBe("submitted");
    expect(await run(c, MONA, { kind: "approve", ownerId: EVE, mayApproveAny: false })).toMatchObject({ ok: true });
    expect(await state(c, EVE)).toBe("approved");
    expect(await told(EVE, `objectives-approved:${c}:${EVE}:`)).toBeGreaterThan(0);

    // Approved: read-only but for actuals.
    expect(await save(c, EVE, { id: a, weight: 60, docType: "performance-contract", keyResults: [revenue] }, false)).toMatchObject({ ok: false, message: "These objectives are approved and can no longer be changed." });
    expect(await run(c, EVE, { kind: "delete", objectiveId: a })).toMatchObject({ ok: false });
    expect(await objectiveCount(c, EVE)).toBe(2);
    expect(await writer(c).saveActual(req(EVE), { keyResultId: revenue.id, value: 300, comment: "Good month", campaignId: c })).toEqual({ ok: true });
  });

  it("a reviews admin may approve their own set", async () => {
    const c = await launchedCampaign(ACME, [MONA]);
    await save(c, MONA, { weight: 100 });
    await run(c, MONA, { kind: "submit" });
    expect(await run(c, MONA, { kind: "approve", ownerId: MONA, mayApproveAny: true })).toMatchObject({ ok: true });
  });

  it("an actual writes the key result's actual and one check-in a day (the day's last wins); a non-number or someone else's is refused", async () => {
    const c = await launchedCampaign();
    const k = kr();
    await save(c, EVE, { weight: 50, keyResults: [k] });
    const w = writer(c);
    const answers = await Promise.all([
      w.saveActual(req(EVE), { keyResultId: k.id, value: 3, comment: null, campaignId: c }),
      w.saveActual(req(EVE), { keyResultId: k.id, value: 4.25, comment: "on track", campaignId: c }),
    ]);
    expect(answers).toEqual([{ ok: true }, { ok: true }]);
    expect(await count("SELECT count(*) AS n FROM objective_check_ins WHERE key_result_id = ?", k.id)).toBe(1);
    const kept = await env.DB.prepare("SELECT k.actual, c.value, c.comment, c.day FROM objective_key_results k JOIN objective_check_ins c ON c.key_result_id = k.id WHERE k.id = ?").bind(k.id).first();
    expect(kept).toMatchObject({ actual: 4.25, value: 4.25, comment: "on track", day: new Date().toISOString().slice(0, 10) });

    expect(await w.saveActual(req(EVE), { keyResultId: k.id, value: Number.NaN, comment: null, campaignId: c })).toMatchObject({ ok: false, message: "Actual must be a number." });
    expect(await w.saveActual(req(ED), { keyResultId: k.id, value: 1, comment: null, campaignId: c })).toMatchObject({ ok: false, notFound: true });
    expect(await w.saveActual(req("u-globex-gina", "c-globex"), { keyResultId: k.id, value: 1, comment: null, campaignId: c })).toMatchObject({ ok: false, notFound: true });
    expect(await env.DB.prepare("SELECT actual FROM objective_key_results WHERE id = ?").bind(k.id).first()).toMatchObject({ actual: 4.25 });
  });

  it("another company's campaign or a person outside the campaign is not found and nothing is written", async () => {
    const c = await launchedCampaign();
    expect(await save(c, "u-globex-gina", { weight: 10 })).toMatchObject({ ok: false, notFound: true });
    const viaGlobex = await run(c, "u-globex-gina", { kind: "save", isNew: true, objective: { id: crypto.randomUUID(), name: "x", description: null, weight: 1, docType: "okr", keyResults: [] } }, "c-globex");
    expect(viaGlobex).toMatchObject({ ok: false, notFound: true });
    expect(await save(c, MONA, { weight: 10 })).toMatchObject({ ok: false, notFound: true });
    expect(await count("SELECT count(*) AS n FROM objectives WHERE campaign_id = ?", c)).toBe(0);
  });

  it("reads the person's active campaign and their set with weighted progress and the check-ins", async () => {
    const c = await launchedCampaign(ACME, [ED]);
    const a = kr({ startValue: 0, target: 10 });
    await save(c, ED, { weight: 75, keyResults: [a] });
    await save(c, ED, { weight: 25, keyResults: [kr()] });
    await writer(c).saveActual(req(ED), { keyResultId: a.id, value: 5, comment: "half way", campaignId: c });
    const db = createDb(env.DB);
    const active = await activeCampaign(db, ACME, ED);
    expect(active).toMatchObject({ state: "pending" });
    const set = await objectiveSet(db, ACME, ED, c);
    expect(set.weightTotal).toBe(100);
    expect(set.progress).toBeCloseTo(0.375);
    expect(set.objectives[0]!.keyResults[0]!.checkIns).toEqual([{ day: new Date().toISOString().slice(0, 10), value: 5, comment: "half way" }]);
    expect(await objectiveSet(db, "c-globex", ED, c)).toMatchObject({ objectives: [], progress: 0 });
  });

  it("the demo data: Eve's OKRs approved with check-ins, Ed's submitted, Priya's pending with one objective", async () => {
    const db = createDb(env.DB);
    expect(await state("oc-acme-okr", EVE)).toBe("approved");
    expect(await state("oc-acme-okr", ED)).toBe("submitted");
    expect(await state("oc-acme-okr", "u-acme-priya")).toBe("pending");
    const eve = await objectiveSet(db, ACME, EVE, "oc-acme-okr");
    expect(eve.weightTotal).toBe(100);
    expect(eve.objectives.flatMap((o) => o.keyResults.flatMap((k) => k.checkIns)).length).toBeGreaterThanOrEqual(8);
    expect(eve.progress).toBeGreaterThan(0);
    expect((await objectiveSet(db, ACME, "u-acme-priya", "oc-acme-okr")).objectives).toHaveLength(1);
    expect(await count("SELECT count(DISTINCT p.state) AS n FROM objectives_participants p JOIN objectives o ON o.owner_id = p.user_id AND o.campaign_id = p.campaign_id WHERE p.campaign_id = 'oc-globex-pc'")).toBe(3);
  });
});
