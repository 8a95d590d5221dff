import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { planReleaseAnonymous } from "~/modules/feedback/give-writes.server";
import { appFetch, postForm, sessionFor } from "./helpers";
import { textOf } from "./shell-html";
import { count, insertLoopRun, SBI } from "./feedback-fixtures";

// Giving feedback in a loop run: who may open the page, one item per sender, receiver and run,
// the deadline, anonymity (no sender, no time, hidden until released at the floor) and many
// senders at once through the loop's single writer.

const SAM = "u-acme-sam";
const EVE = "u-acme-eve";
const ED = "u-acme-ed";
const MONA = "u-acme-mona";
const GINA_COMPANY = "c-globex";
const CLOSED = "This feedback loop run has closed: feedback can no longer be sent.";
const ALREADY = "You have already given feedback to this person in this run.";
const REQUIRED = "This is a required field.";

const path = (runId: string, receiverId: string) => `/feedback/give/${runId}/${receiverId}`;
const send = (runId: string, receiverId: string, cookie: string, fields: Record<string, string> = SBI) =>
  postForm(path(runId, receiverId), { intent: "send", requestId: crypto.randomUUID(), ...fields }, cookie);

describe("Give Feedback in a loop run", () => {
  it("opens only for a sender of the run's pair; anyone else, another company and unknown ids get 404", async () => {
    const { runId } = await insertLoopRun({ pairs: [{ senderId: SAM, receiverId: EVE }] });
    const sam = await sessionFor("sam@acme.test");
    const page = await appFetch(path(runId, EVE), { cookie: sam });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(textOf(html)).toContain("Give Feedback to Eve");
    for (const name of ["situationText", "behaviorText", "impactText", "sbiNextStepText", "competency"]) expect(html).toContain(`name="${name}"`);
    expect(html).toMatch(/name="behaviour\.[^"]+" value="strength"/);

    expect((await appFetch(path(runId, ED), { cookie: sam })).status).toBe(404);
    expect((await appFetch(path(runId, EVE), { cookie: await sessionFor("ed@acme.test") })).status).toBe(404);
    expect((await appFetch(path(runId, EVE), { cookie: await sessionFor("eve@acme.test") })).status).toBe(404);
    expect((await appFetch(path(runId, EVE), { cookie: await sessionFor("gina@globex.test") })).status).toBe(404);
    expect((await appFetch(path("fr-nope", EVE), { cookie: sam })).status).toBe(404);
    expect((await send(runId, EVE, await sessionFor("ed@acme.test"))).status).toBe(404);
    expect(await count("SELECT count(*) AS n FROM feedback_items WHERE run_id = ?", runId)).toBe(0);
    // A one-on-one loop's run sets up meetings: it has no Give Feedback page.
    const meeting = await insertLoopRun({ templateType: "one-on-one", pairs: [{ senderId: SAM, receiverId: EVE }] });
    expect((await appFetch(path(meeting.runId, EVE), { cookie: sam })).status).toBe(404);
    expect((await send(meeting.runId, EVE, sam)).status).toBe(404);
  });

  it("sends once: the item, its counts, the pair and the run's and loop's counts in one go; a second send is refused", async () => {
    const { runId, loopId } = await insertLoopRun({ pairs: [{ senderId: SAM, receiverId: EVE }, { senderId: ED, receiverId: EVE }] });
    const sam = await sessionFor("sam@acme.test");
    const before = await count("SELECT coalesce(sum(received), 0) AS n FROM feedback_daily_counts WHERE user_id = ?", EVE);
    const res = await send(runId, EVE, sam, { ...SBI, competency: "k-acme-communication", "behaviour.k-acme-communication-1": "strength" });
    expect(res.status).toBe(302);
    const item = await env.DB.prepare("SELECT * FROM feedback_items WHERE run_id = ?").bind(runId).first<Record<string, unknown>>();
    expect(item).toMatchObject({
      sender_id: SAM,
      receiver_id: EVE,
      source: "loop",
      feedback_type: "feedback-to-employee",
      template_type: "SBI",
      situation_text: SBI.situationText,
      behavior_text: SBI.behaviorText,
      impact_text: SBI.impactText,
      sbi_next_step_text: SBI.sbiNextStepText,
      visible: 1,
      anonymous: 0,
      loop_id: loopId,
    });
    const dims = JSON.parse(String(item!.dimension_infos));
    const comp = await env.DB.prepare("SELECT id FROM competencies WHERE id = ?").bind("k-acme-communication").first();
    if (comp) expect(dims).toEqual([{ id: "k-acme-communication", focusAreas: [{ id: "k-acme-communication-1", str: true, sug: false, suggestions: [] }] }]);
    expect(await count("SELECT coalesce(sum(received), 0) AS n FROM feedback_daily_counts WHERE user_id = ?", EVE)).toBe(before + 1);
    expect(await count("SELECT count(*) AS n FROM feedback_loop_pairs WHERE run_id = ? AND sender_id = ? AND state = 'given' AND given_at IS NOT NULL", runId, SAM)).toBe(1);
    expect(await count("SELECT given_count AS n FROM feedback_loop_runs WHERE id = ?", runId)).toBe(1);
    expect(await count("SELECT given_count AS n FROM feedback_loops WHERE id = ?", loopId)).toBe(1);

    const page = textOf(await (await appFetch(path(runId, EVE), { cookie: sam })).text());
    expect(page).toContain("Your feedback has been sent.");
    expect(page).toContain("Back to Feedback");

    const again = await send(runId, EVE, sam);
    expect(again.status).toBe(409);
    expect(textOf(await again.text())).toContain(ALREADY);
    expect(await count("SELECT count(*) AS n FROM feedback_items WHERE run_id = ?", runId)).toBe(1);
    expect(await count("SELECT given_count AS n FROM feedback_loop_runs WHERE id = ?", runId)).toBe(1);
  });

  it("refuses bad input with the field's message and writes nothing", async () => {
    const { runId } = await insertLoopRun({ pairs: [{ senderId: SAM, receiverId: EVE }] });
    const sam = await sessionFor("sam@acme.test");
    const res = await send(runId, EVE, sam, { situationText: "Somewhere", behaviorText: "", impactText: "x".repeat(6000) });
    expect(res.status).toBe(400);
    const text = textOf(await res.text());
    expect(text).toContain(REQUIRED);
    expect(text).toContain("Keep it to 5000 characters or fewer.");
    expect(await count("SELECT count(*) AS n FROM feedback_items WHERE run_id = ?", runId)).toBe(0);
    expect((await postForm(path(runId, EVE), { intent: "bogus" }, sam)).status).toBe(400);
    expect(await count("SELECT count(*) AS n FROM feedback_loop_pairs WHERE run_id = ? AND state = 'given'", runId)).toBe(0);
  });

  it("a template's blocks are answered by the kernel's names; a hidden competency selector takes no tags", async () => {
    const blocks = [
      { id: "t1", type: "title", typeTitle: "Title", titleValue: { text: "Project retro" } },
      { id: "q1", type: "long-text", typeTitle: "Long Text", textValue: { label: "What should they keep doing?", placeholder: "", required: true } },
      {
        id: "q2",
        type: "multi-select",
        typeTitle: "Multiple Choice",
        multiSelectValue: {
          label: "How was the collaboration?",
          selectedOption: "custom",
          choices: [{ text: "Great", value: 2 }, { text: "Fine", value: 1 }],
          numericValue: true,
          commentBox: false,
          commentBoxGuide: "",
          required: true,
          dropdown: false,
          selectedView: "radio",
          isNotApplicableOption: false,
        },
      },
    ] as never;
    const { runId } = await insertLoopRun({ templateFormat: null, blocks, hideCompetencySelector: true, pairs: [{ senderId: SAM, receiverId: EVE }] });
    const sam = await sessionFor("sam@acme.test");
    const html = await (await appFetch(path(runId, EVE), { cookie: sam })).text();
    expect(textOf(html)).toContain("Project retro");
    expect(html).toContain('name="a.q1.value"');
    expect(html).toContain('name="a.q2.value"');
    expect(html).not.toContain('name="competency"');
    const bad = await send(runId, EVE, sam, { "a.q2.value": "9" });
    expect(bad.status).toBe(400);
    expect(await count("SELECT count(*) AS n FROM feedback_items WHERE run_id = ?", runId)).toBe(0);
    const ok = await send(runId, EVE, sam, { "a.q1.value": "Pairing with support", "a.q2.value": "2", competency: "k-acme-communication" });
    expect(ok.status).toBe(302);
    const item = await env.DB.prepare("SELECT template_type, answers, blocks, dimension_infos FROM feedback_items WHERE run_id = ?").bind(runId).first<Record<string, string>>();
    expect(item!.template_type).toBeNull();
    expect(JSON.parse(item!.answers)).toEqual({ q1: { value: "Pairing with support" }, q2: { value: 2 } });
    expect(JSON.parse(item!.blocks)).toHaveLength(3);
    expect(JSON.parse(item!.dimension_infos)).toEqual([]);
  });

  it("after the deadline or once the run is closed the page says so and a send writes nothing", async () => {
    const sam = await sessionFor("sam@acme.test");
    const late = await insertLoopRun({ pairs: [{ senderId: SAM, receiverId: EVE }], deadlineAt: new Date(Date.now() - 60_000) });
    const closed = await insertLoopRun({ pairs: [{ senderId: SAM, receiverId: EVE }], state: "closed" });
    for (const { runId, loopId } of [late, closed]) {
      expect(textOf(await (await appFetch(path(runId, EVE), { cookie: sam })).text())).toContain(CLOSED);
      const res = await send(runId, EVE, sam);
      expect(res.status).toBe(409);
      expect(textOf(await res.text())).toContain(CLOSED);
      // The writer refuses too, whatever the page thought.
      const stub = env.FEEDBACK_LOOP.get(env.FEEDBACK_LOOP.idFromName(`loop:${loopId}`));
      const answer = await stub.giveFeedback(
        { requestId: crypto.randomUUID(), companyId: "c-acme", actorId: SAM, loopId },
        { runId, receiverId: EVE, texts: SBI, answers: {}, dimensionInfos: [] }
      );
      expect(answer).toEqual({ ok: false, reason: "closed", message: CLOSED });
      expect(await count("SELECT count(*) AS n FROM feedback_items WHERE run_id = ?", runId)).toBe(0);
    }
  });

  it("a company-feedback loop gives to the company; a self-select sender picks an active colleague, once each", async () => {
    const sam = await sessionFor("sam@acme.test");
    const company = await insertLoopRun({ workflowType: "company-feedback", feedbackFor: null, templateFormat: "FreeText", pairs: [{ senderId: SAM, receiverId: "c-acme" }] });
    const page = await appFetch(path(company.runId, "c-acme"), { cookie: sam });
    expect(textOf(await page.text())).toContain("Give Feedback to Acme");
    expect((await appFetch(path(company.runId, GINA_COMPANY), { cookie: sam })).status).toBe(404);
    expect((await send(company.runId, "c-acme", sam, { feedbackText: "More focus time, please." })).status).toBe(302);
    expect(await count("SELECT count(*) AS n FROM feedback_items WHERE run_id = ? AND receiver_id = 'c-acme' AND feedback_type = 'company'", company.runId)).toBe(1);

    const pick = await insertLoopRun({ feedbackFor: "self-select", pairs: [{ senderId: SAM, receiverId: "" }] });
    expect((await appFetch(path(pick.runId, EVE), { cookie: sam })).status).toBe(200);
    expect((await appFetch(path(pick.runId, SAM), { cookie: sam })).status).toBe(404);
    expect((await appFetch(path(pick.runId, "u-globex-tina"), { cookie: sam })).status).toBe(404);
    expect((await send(pick.runId, EVE, sam)).status).toBe(302);
    expect((await send(pick.runId, ED, sam)).status).toBe(302);
    expect((await send(pick.runId, EVE, sam)).status).toBe(409);
    expect(await count("SELECT count(*) AS n FROM feedback_items WHERE run_id = ?", pick.runId)).toBe(2);
    // The sender's own pair counts once, however many colleagues they choose.
    expect(await count("SELECT given_count AS n FROM feedback_loop_runs WHERE id = ?", pick.runId)).toBe(1);
  });

  it("an anonymous item keeps no sender and no time, stays hidden and uncounted until its run is released at the floor", async () => {
    const deadlineAt = new Date(Date.now() + 3 * 86_400_000);
    const senders = [SAM, ED, MONA];
    const { runId } = await insertLoopRun({
      anonymous: true,
      deadlineAt,
      pairs: [...senders.map((senderId) => ({ senderId, receiverId: EVE })), { senderId: SAM, receiverId: ED }, { senderId: EVE, receiverId: ED }],
    });
    const receivedBefore = await count("SELECT coalesce(sum(received), 0) AS n FROM feedback_daily_counts WHERE user_id = ?", EVE);
    const sentBefore = await count("SELECT coalesce(sum(sent), 0) AS n FROM feedback_daily_counts WHERE user_id = ?", SAM);
    const edBefore = await count("SELECT coalesce(sum(received), 0) AS n FROM feedback_daily_counts WHERE user_id = ?", ED);
    const page = await appFetch(path(runId, EVE), { cookie: await sessionFor("sam@acme.test") });
    expect(textOf(await page.text())).toContain("This feedback is anonymous");
    for (const email of ["sam@acme.test", "ed@acme.test", "mona@acme.test"]) expect((await send(runId, EVE, await sessionFor(email))).status).toBe(302);
    expect((await send(runId, ED, await sessionFor("sam@acme.test"))).status).toBe(302);
    expect((await send(runId, ED, await sessionFor("eve@acme.test"))).status).toBe(302);

    const items = (await env.DB.prepare("SELECT sender_id, created_at, sent_at, visible FROM feedback_items WHERE run_id = ?").bind(runId).all()).results;
    const midnight = Date.parse(`${deadlineAt.toISOString().slice(0, 10)}T00:00:00.000Z`);
    expect(items).toHaveLength(5);
    for (const item of items) expect(item).toEqual({ sender_id: null, created_at: midnight, sent_at: midnight, visible: 0 });
    expect(await count("SELECT count(*) AS n FROM feedback_loop_pairs WHERE run_id = ? AND given_at IS NOT NULL", runId)).toBe(0);
    // Nothing counted yet: not even the day of sending shows who gave.
    expect(await count("SELECT coalesce(sum(received), 0) AS n FROM feedback_daily_counts WHERE user_id = ?", EVE)).toBe(receivedBefore);
    expect(await count("SELECT coalesce(sum(sent), 0) AS n FROM feedback_daily_counts WHERE user_id = ?", SAM)).toBe(sentBefore);
    // A second anonymous send is still refused (the pair remembers, the item cannot).
    expect((await send(runId, EVE, await sessionFor("sam@acme.test"))).status).toBe(409);

    const db = createDb(env.DB);
    const writes = await planReleaseAnonymous(db, { id: runId, companyId: "c-acme", deadlineAt });
    await db.batch(writes as never);
    // Eve has three (the floor): released and counted on the deadline day; Ed has two: still hidden.
    expect(await count("SELECT count(*) AS n FROM feedback_items WHERE run_id = ? AND receiver_id = ? AND visible = 1", runId, EVE)).toBe(3);
    expect(await count("SELECT count(*) AS n FROM feedback_items WHERE run_id = ? AND receiver_id = ? AND visible = 0", runId, ED)).toBe(2);
    const day = deadlineAt.toISOString().slice(0, 10);
    expect(await count("SELECT received AS n FROM feedback_daily_counts WHERE user_id = ? AND day = ?", EVE, day)).toBe(3);
    expect(await count("SELECT coalesce(sum(received), 0) AS n FROM feedback_daily_counts WHERE user_id = ?", ED)).toBe(edBefore);
    expect(await count("SELECT sent AS n FROM feedback_daily_counts WHERE user_id = ? AND day = ?", MONA, day)).toBe(1);
    // Sam's pair to Ed is not released, so only one of his two counts.
    expect(await count("SELECT sent AS n FROM feedback_daily_counts WHERE user_id = ? AND day = ?", SAM, day)).toBe(1);
    // Releasing again changes nothing.
    expect(await planReleaseAnonymous(db, { id: runId, companyId: "c-acme", deadlineAt })).toEqual([]);
  });

  it("50 senders at once through the loop's writer: each item stored once, a repeated send refused, counts exact", async () => {
    const ids = Array.from({ length: 50 }, (_, i) => `u-test-giver-${i}`);
    await env.DB.batch(
      ids.map((id, i) =>
        env.DB.prepare("INSERT INTO users (id, company_id, name, email, created_at) VALUES (?, 'c-acme', ?, ?, 0)").bind(id, `Giver ${i}`, `giver${i}@acme.test`)
      )
    );
    const { runId, loopId } = await insertLoopRun({ pairs: ids.map((senderId) => ({ senderId, receiverId: EVE })) });
    const stub = env.FEEDBACK_LOOP.get(env.FEEDBACK_LOOP.idFromName(`loop:${loopId}`));
    const give = (actorId: string, requestId = crypto.randomUUID()) =>
      stub.giveFeedback({ requestId, companyId: "c-acme", actorId, loopId }, { runId, receiverId: EVE, texts: SBI, answers: {}, dimensionInfos: [] });
    const retried = crypto.randomUUID();
    const answers = await Promise.all([
      ...ids.map((id) => give(id)),
      give(ids[0]),
      give(ids[1], retried),
      give(ids[1], retried),
    ]);
    expect(answers.slice(0, 50).every((a) => a.ok)).toBe(true);
    expect(answers[50]).toEqual({ ok: false, reason: "given", message: ALREADY });
    expect(answers[51]).toEqual(answers[52]);
    expect(answers[51].ok).toBe(false);
    expect(await count("SELECT count(*) AS n FROM feedback_items WHERE run_id = ?", runId)).toBe(50);
    expect(await count("SELECT count(DISTINCT sender_id) AS n FROM feedback_items WHERE run_id = ?", runId)).toBe(50);
    expect(await count("SELECT given_count AS n FROM feedback_loop_runs WHERE id = ?", runId)).toBe(50);
    expect(await count("SELECT given_count AS n FROM feedback_loops WHERE id = ?", loopId)).toBe(50);
    expect(await count("SELECT count(*) AS n FROM feedback_loop_pairs WHERE run_id = ? AND state = 'given'", runId)).toBe(50);
    // Another company's request to this loop is not found.
    const foreign = await stub.giveFeedback(
      { requestId: crypto.randomUUID(), companyId: "c-globex", actorId: "u-globex-tina", loopId },
      { runId, receiverId: EVE, texts: SBI, answers: {}, dimensionInfos: [] }
    );
    expect(foreign).toMatchObject({ ok: false, reason: "not-found" });
  });
});
