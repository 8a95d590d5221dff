import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { NOTIFY_CHUNK, planCampaignCommand, planNoticeChunk, type NoticeJob } from "~/modules/objectives/campaign-writes.server";
import { appFetch, postForm, sessionFor } from "./helpers";

// Objectives campaigns (001 §2, §4, §5): only ViewManageReviews holders, each §5 message with
// nothing written, create / create and launch / update / launch through the campaign's single
// writer (a resent form acts once), participants and notices at launch, reminders once a day,
// queued notices written once, and another company's campaign a 404.

const db = createDb(env.DB);
const FORM = "/objective-campaigns/launch-review";
let admin = "";
let employee = "";

const MINUTE = 60_000;
const DAY = 86_400_000;
const local = (ms: number) => new Date(ms).toISOString().slice(0, 16);

async function all<T = Record<string, unknown>>(query: string, ...binds: unknown[]): Promise<T[]> {
  return (await env.DB.prepare(query).bind(...binds).all<T>()).results;
}
async function count(query: string, ...binds: unknown[]) {
  const [row] = await all<{ n: number }>(query, ...binds);
  return Number(row?.n ?? 0);
}
const campaignCount = () => count("SELECT count(*) AS n FROM objectives_campaigns WHERE company_id = 'c-acme'");
const activeAcme = () => count("SELECT count(*) AS n FROM users WHERE company_id = 'c-acme' AND is_deleted = 0 AND is_excluded = 0");

function valid(overrides: Record<string, string> = {}): Record<string, string> {
  const start = Date.now() + 10 * MINUTE;
  return {
    requestId: crypto.randomUUID(),
    newId: crypto.randomUUID(),
    title: "Q1 objectives",
    startDate: local(start),
    endDate: local(start + 30 * DAY),
    audienceType: "company",
    notifyEmployees: "on",
    intent: "create",
    ...overrides,
  };
}

beforeAll(async () => {
  admin = await sessionFor("alice@acme.test");
  employee = await sessionFor("sam@acme.test");
});

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM notification_outbox").run();
});

describe("permission and company", () => {
  it("sends people without the manage reviews permission home", async () => {
    for (const path of ["/objective-campaigns", FORM, "/objective-campaigns/manage/oc-acme-okr", "/objective-campaigns/draft/oc-acme-draft"]) {
      const res = await appFetch(path, { cookie: employee });
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location")).toBe("/");
    }
    const res = await postForm(FORM, valid(), employee);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
  });

  it("lists the company's campaigns only, a draft opening its form and a launched one its manage page", async () => {
    const html = await (await appFetch("/objective-campaigns", { cookie: admin })).text();
    expect(html).toContain('href="/objective-campaigns/manage/oc-acme-okr"');
    expect(html).toContain('href="/objective-campaigns/draft/oc-acme-draft"');
    expect(html).not.toContain("oc-globex-pc");
  });

  it("answers another company's campaign with a 404 everywhere", async () => {
    for (const path of ["/objective-campaigns/manage/oc-globex-pc", "/objective-campaigns/draft/oc-globex-pc", `${FORM}?objectivesCampaignId=oc-globex-pc`]) {
      expect((await appFetch(path, { cookie: admin })).status, path).toBe(404);
    }
    const res = await postForm("/objective-campaigns/manage/oc-globex-pc", { intent: "remind", requestId: crypto.randomUUID() }, admin);
    expect(res.status).toBe(404);
    const update = await postForm("/objective-campaigns/draft/oc-globex-pc", valid({ intent: "update" }), admin);
    expect(update.status).toBe(404);
  });

  it("opens a draft's manage address on its draft page", async () => {
    const res = await appFetch("/objective-campaigns/manage/oc-acme-draft", { cookie: admin });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/objective-campaigns/draft/oc-acme-draft");
  });
});

describe("the §5 messages", () => {
  const cases: Array<[string, Record<string, string>, string]> = [
    ["no title", { title: "" }, "Title is required"],
    ["a start in the past", { startDate: local(Date.now() - DAY) }, "Start date and time must be set to the current moment or a future date and time."],
    ["an end before the start", { endDate: local(Date.now() - DAY + 5 * DAY), startDate: local(Date.now() + 10 * DAY) }, "End date must be the same as or later than the start date."],
    ["no audience type", { audienceType: "" }, "At least one audience type must be selected"],
    ["Users without a user", { audienceType: "users" }, "At least one user must be selected when &#x27;Users&#x27; audience is chosen."],
    ["neither notify setting", { notifyEmployees: "" }, "Either &#x27;Notify Managers&#x27; or &#x27;Notify Employee&#x27; must be selected."],
  ];
  for (const [name, overrides, message] of cases) {
    it(`refuses ${name} with its message and writes nothing`, async () => {
      const before = await campaignCount();
      for (const intent of ["create", "createAndLaunch"]) {
        const fields = valid({ ...overrides, intent });
        for (const [k, v] of Object.entries(fields)) if (v === "") delete fields[k];
        const res = await postForm(FORM, fields, admin);
        expect(res.status).toBe(400);
        expect(await res.text()).toContain(message);
      }
      expect(await campaignCount()).toBe(before);
      expect(await count("SELECT count(*) AS n FROM notification_outbox")).toBe(0);
    });
  }

  it("refuses a draft's update with a bad field and keeps it as it was", async () => {
    const [before] = await all("SELECT * FROM objectives_campaigns WHERE id = 'oc-acme-draft'");
    const res = await postForm("/objective-campaigns/draft/oc-acme-draft", valid({ intent: "launch", title: "" }), admin);
    expect(res.status).toBe(400);
    expect(await all("SELECT * FROM objectives_campaigns WHERE id = 'oc-acme-draft'")).toEqual([before]);
    expect(await count("SELECT count(*) AS n FROM objectives_participants WHERE campaign_id = 'oc-acme-draft'")).toBe(0);
  });
});

describe("create, update and launch", () => {
  it("creates a draft: no participants, nobody told", async () => {
    const fields = valid({ title: "Draft only" });
    const res = await postForm(FORM, fields, admin);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/objective-campaigns/draft/${fields.newId}`);
    const [row] = await all<{ state: string; title: string; company_id: string }>("SELECT * FROM objectives_campaigns WHERE id = ?", fields.newId);
    expect(row).toMatchObject({ state: "draft", title: "Draft only", company_id: "c-acme" });
    expect(await count("SELECT count(*) AS n FROM objectives_participants WHERE campaign_id = ?", fields.newId)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM notification_outbox")).toBe(0);
  });

  it("creates and launches once for a resent form: the active people take part, employees and managers are told", async () => {
    const fields = valid({ intent: "createAndLaunch", title: "Company OKRs", notifyManagers: "on" });
    const first = await postForm(FORM, fields, admin);
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe(`/objective-campaigns/manage/${fields.newId}`);
    const again = await postForm(FORM, fields, admin);
    expect(again.status).toBe(302);
    expect(await count("SELECT count(*) AS n FROM objectives_campaigns WHERE id = ?", fields.newId)).toBe(1);
    const people = await activeAcme();
    expect(await count("SELECT count(*) AS n FROM objectives_participants WHERE campaign_id = ? AND state = 'pending'", fields.newId)).toBe(people);
    // Deactivated and excluded people are not asked.
    expect(
      await count(
        "SELECT count(*) AS n FROM objectives_participants p JOIN users u ON u.id = p.user_id WHERE p.campaign_id = ? AND (u.is_deleted = 1 OR u.is_excluded = 1)",
        fields.newId
      )
    ).toBe(0);
    const employees = await all<{ link: string; kind: string }>("SELECT link, kind FROM notification_outbox WHERE instr(dedupe_key, ?) = 1", `objectives-campaign:${fields.newId}:`);
    expect(employees).toHaveLength(people);
    expect(new Set(employees.map((e) => `${e.kind} ${e.link}`))).toEqual(new Set(["performance-review /objective-campaign/okr"]));
    const managers = await count("SELECT count(*) AS n FROM notification_outbox WHERE instr(dedupe_key, ?) = 1", `objectives-campaign-managers:${fields.newId}:`);
    expect(managers).toBeGreaterThan(0);
    expect(await count("SELECT count(*) AS n FROM audit_events WHERE entity_id = ? AND action = 'objectives-campaign.launched'", fields.newId)).toBe(1);
  });

  it("launches chosen users only, and ignores another company's ids", async () => {
    const fields = valid({ intent: "createAndLaunch", audienceType: "users" });
    const body = new URLSearchParams(fields);
    for (const id of ["u-acme-eve", "u-acme-ed", "u-globex-gary"]) body.append("audienceUserIds", id);
    const res = await appFetch(FORM, { method: "POST", body, cookie: admin });
    expect(res.status).toBe(302);
    const rows = await all<{ user_id: string }>("SELECT user_id FROM objectives_participants WHERE campaign_id = ? ORDER BY user_id", fields.newId);
    expect(rows.map((r) => r.user_id)).toEqual(["u-acme-ed", "u-acme-eve"]);
    expect(await count("SELECT count(*) AS n FROM notification_outbox WHERE recipient_user_id = 'u-globex-gary'")).toBe(0);
  });

  it("updates a draft, then launches it", async () => {
    const fields = valid({ title: "To update" });
    await postForm(FORM, fields, admin);
    const draft = `/objective-campaigns/draft/${fields.newId}`;
    const updated = await postForm(draft, valid({ intent: "update", title: "Updated title", notifyEmployees: "", notifyManagers: "on" }), admin);
    expect(updated.status).toBe(302);
    const [row] = await all<{ title: string; notify_employees: number; notify_managers: number; state: string }>(
      "SELECT * FROM objectives_campaigns WHERE id = ?",
      fields.newId
    );
    expect(row).toMatchObject({ title: "Updated title", notify_employees: 0, notify_managers: 1, state: "draft" });
    const launched = await postForm(draft, valid({ intent: "launch", title: "Updated title", notifyEmployees: "on" }), admin);
    expect(launched.status).toBe(302);
    expect(launched.headers.get("Location")).toBe(`/objective-campaigns/manage/${fields.newId}`);
    expect(await count("SELECT count(*) AS n FROM objectives_participants WHERE campaign_id = ?", fields.newId)).toBe(await activeAcme());
    // Launched: the draft address shows the manage page, and launching again is refused.
    expect((await appFetch(draft, { cookie: admin })).headers.get("Location")).toBe(`/objective-campaigns/manage/${fields.newId}`);
  });

  it("lets a launched campaign change its title, end and notify settings but never its start or audience", async () => {
    const [before] = await all<{ start_at: number; audience_type: string }>("SELECT * FROM objectives_campaigns WHERE id = 'oc-acme-okr'");
    const edit = `${FORM}?objectivesCampaignId=oc-acme-okr`;
    const res = await postForm(edit, valid({ intent: "update", title: "H2 OKRs (renamed)", audienceType: "users", startDate: local(Date.now() + DAY) }), admin);
    expect(res.status).toBe(302);
    const [after] = await all<{ title: string; start_at: number; audience_type: string }>("SELECT * FROM objectives_campaigns WHERE id = 'oc-acme-okr'");
    expect(after).toMatchObject({ title: "H2 OKRs (renamed)", start_at: before.start_at, audience_type: "company" });
    const launchAgain = await postForm(edit, valid({ intent: "launch" }), admin);
    expect(launchAgain.status).toBe(400);
  });
});

describe("manage page and reminders", () => {
  it("shows counts and who has and has not set objectives, searched and filtered", async () => {
    const html = await (await appFetch("/objective-campaigns/manage/oc-acme-okr", { cookie: admin })).text();
    expect(html).toContain('href="/organization/settings/users/u-acme-eve/objectives"');
    expect(html).toContain('data-count="pending"');
    const found = await (await appFetch("/objective-campaigns/manage/oc-acme-okr?q=priya", { cookie: admin })).text();
    expect(found).toContain("u-acme-priya");
    expect(found).not.toContain('data-participant="u-acme-eve"');
    const none = await (await appFetch("/objective-campaigns/manage/oc-acme-okr?state=approved&q=zzzz", { cookie: admin })).text();
    expect(none).toContain("Nobody matches.");
  });

  it("reminds one pending person once a day", async () => {
    await env.DB.prepare("UPDATE objectives_participants SET reminded_at = NULL, state = 'pending' WHERE campaign_id = 'oc-acme-okr'").run();
    const remind = () => postForm("/objective-campaigns/manage/oc-acme-okr", { intent: "remind", userId: "u-acme-sam", requestId: crypto.randomUUID() }, admin);
    expect((await remind()).status).toBe(302);
    expect((await remind()).status).toBe(302);
    const rows = await all<{ kind: string; link: string }>("SELECT kind, link FROM notification_outbox WHERE recipient_user_id = 'u-acme-sam'");
    expect(rows).toEqual([{ kind: "reminder", link: "/objective-campaign/okr" }]);
    expect(await count("SELECT count(*) AS n FROM objectives_participants WHERE campaign_id = 'oc-acme-okr' AND reminded_at IS NOT NULL")).toBe(1);
  });

  it("reminds every pending person not yet reminded today, and not those who have submitted", async () => {
    await env.DB.prepare("UPDATE objectives_participants SET reminded_at = NULL, state = 'pending' WHERE campaign_id = 'oc-acme-okr'").run();
    await env.DB.prepare("UPDATE objectives_participants SET state = 'submitted' WHERE campaign_id = 'oc-acme-okr' AND user_id = 'u-acme-ed'").run();
    const res = await postForm("/objective-campaigns/manage/oc-acme-okr", { intent: "remind", requestId: crypto.randomUUID() }, admin);
    expect(res.status).toBe(302);
    const pending = await count("SELECT count(*) AS n FROM objectives_participants WHERE campaign_id = 'oc-acme-okr' AND state = 'pending'");
    expect(await count("SELECT count(*) AS n FROM notification_outbox WHERE kind = 'reminder'")).toBe(pending);
    expect(await count("SELECT count(*) AS n FROM notification_outbox WHERE recipient_user_id = 'u-acme-ed'")).toBe(0);
    await postForm("/objective-campaigns/manage/oc-acme-okr", { intent: "remind", requestId: crypto.randomUUID() }, admin);
    expect(await count("SELECT count(*) AS n FROM notification_outbox WHERE kind = 'reminder'")).toBe(pending);
    const one = await postForm("/objective-campaigns/manage/oc-acme-okr", { intent: "remind", userId: "u-acme-ed", requestId: crypto.randomUUID() }, admin);
    expect(one.status).toBe(302);
    expect(await count("SELECT count(*) AS n FROM notification_outbox WHERE recipient_user_id = 'u-acme-ed'")).toBe(0);
  });

  it("writes a queued part of the notices once, however often it is delivered", async () => {
    const job = { companyId: "c-acme", campaignId: "oc-acme-okr", notice: "employees" as const, userIds: ["u-acme-eve", "u-acme-ed"] };
    for (let i = 0; i < 2; i++) await db.batch((await planNoticeChunk(db, job)) as never);
    expect(await count("SELECT count(*) AS n FROM notification_outbox WHERE dedupe_key LIKE 'objectives-campaign:oc-acme-okr:%'")).toBe(2);
    // Another company's campaign id tells nobody.
    expect(await planNoticeChunk(db, { ...job, companyId: "c-globex" })).toEqual([]);
  });
});

describe("a launch to many people", () => {
  it("writes every participant and queues the notices in chunks, each written once however often delivered", async () => {
    const extra = 230;
    const statements = [];
    for (let i = 0; i < extra; i++) {
      statements.push(
        env.DB.prepare(
          "INSERT INTO users (id, company_id, email, name, department_id, role_id, is_excluded, is_deleted) SELECT ?, company_id, ?, ?, department_id, role_id, 0, 0 FROM users WHERE id = 'u-globex-gina'"
        ).bind(`u-globex-many-${i}`, `many${i}@globex.test`, `Many ${String(i).padStart(3, "0")}`)
      );
    }
    await env.DB.batch(statements);
    const people = await count("SELECT count(*) AS n FROM users WHERE company_id = 'c-globex' AND is_deleted = 0 AND is_excluded = 0");
    const campaignId = crypto.randomUUID();
    const now = Date.now();
    const plan = await planCampaignCommand(db, { requestId: "many-1", companyId: "c-globex", actorId: "u-globex-gina" }, {
      kind: "save",
      intent: "createAndLaunch",
      campaignId,
      now,
      fields: { title: "Everyone", startAt: now + MINUTE, endAt: now + DAY, audienceType: "company", audienceUserIds: [], notifyEmployees: true, notifyManagers: false },
    });
    expect(plan.answer).toMatchObject({ ok: true, state: "launched", count: people });
    const queue = (plan.answer.queue ?? []) as NoticeJob[];
    expect(queue).toHaveLength(Math.ceil(people / NOTIFY_CHUNK));
    expect(queue.flatMap((j) => j.userIds)).toHaveLength(people);
    await db.batch(plan.writes as never);
    expect(await count("SELECT count(*) AS n FROM objectives_participants WHERE campaign_id = ?", campaignId)).toBe(people);
    expect(await count("SELECT count(*) AS n FROM notification_outbox")).toBe(0);
    for (let round = 0; round < 2; round++) {
      for (const job of queue) {
        const writes = await planNoticeChunk(db, job);
        if (writes.length > 0) await db.batch(writes as never);
      }
    }
    expect(await count("SELECT count(*) AS n FROM notification_outbox WHERE instr(dedupe_key, ?) = 1", `objectives-campaign:${campaignId}:`)).toBe(people);
  });
});
