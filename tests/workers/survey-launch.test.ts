import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import worker from "../../workers/app";
import { surveySchedules } from "../../workers/survey-due-work";
import { appFetch, sessionFor } from "./helpers";
import { texts, textOf } from "./shell-html";

// The scheduler and launch: the launch rules, launch now, scheduled launches
// started by the cron once, recurrences and close rules.

const QUESTION = [{ id: "q1", type: "text-input", label: "Anything to add?", placeholder: "Type your answer here", required: false }];
const ID = "sv-launch";
const path = (id: string) => `/surveys/survey-library/${id}/survey-audience/survey-scheduler`;
const db = createDb(env.DB);
let alice: string;

const MINUTE = 60_000;
const DAY = 86_400_000;
/** A datetime-local value in UTC (the page without JavaScript). */
const local = (ms: number) => new Date(ms).toISOString().slice(0, 16);
/** Whole minutes, as the field holds them. */
const minute = (ms: number) => Math.floor(ms / MINUTE) * MINUTE;

async function insertSurvey(
  fields: { blocks?: unknown[]; audienceType?: string | null; audienceIds?: string[]; inspectorType?: string | null } = {}
) {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM survey_recipients WHERE run_id IN (SELECT id FROM survey_runs WHERE survey_id = ?)").bind(ID),
    env.DB.prepare("DELETE FROM survey_runs WHERE survey_id = ?").bind(ID),
    env.DB.prepare(
      `INSERT OR REPLACE INTO surveys (id, company_id, title, workspace_id, blocks, audience_type, audience_ids, inspector_type, created_by, updated_at)
       VALUES (?, 'c-acme', 'Product pulse', 'w-acme-hq', ?, ?, ?, ?, 'u-acme-alice', 0)`
    ).bind(
      ID,
      JSON.stringify(fields.blocks ?? QUESTION),
      fields.audienceType === undefined ? "channels" : fields.audienceType,
      JSON.stringify(fields.audienceIds ?? ["ch-acme-product"]),
      fields.inspectorType === undefined ? "audience" : fields.inspectorType
    ),
  ]);
}

const survey = () => env.DB.prepare("SELECT * FROM surveys WHERE id = ?").bind(ID).first<Record<string, unknown>>();
const runs = async () =>
  (await env.DB.prepare("SELECT * FROM survey_runs WHERE survey_id = ? ORDER BY sequence").bind(ID).all<Record<string, unknown>>()).results;
const recipients = async (runId: string) =>
  (
    await env.DB.prepare("SELECT u.email FROM survey_recipients r JOIN users u ON u.id = r.user_id WHERE r.run_id = ? ORDER BY u.email")
      .bind(runId)
      .all<{ email: string }>()
  ).results.map((r) => r.email);
const outbox = async (runId: string) =>
  (
    await env.DB.prepare(
      "SELECT u.email, o.kind, o.link, o.body FROM notification_outbox o JOIN users u ON u.id = o.recipient_user_id WHERE o.link = ? ORDER BY u.email"
    )
      .bind(`/surveys/respond/${runId}`)
      .all<{ email: string; kind: string; link: string; body: string }>()
  ).results;

async function post(fields: Record<string, string>, cookie = alice, id = ID) {
  return appFetch(path(id), { method: "POST", body: new URLSearchParams(fields), cookie });
}

const form = (extra: Record<string, string> = {}) => ({
  startDate: local(Date.now()),
  frequency: "does-not-repeat",
  tzOffsetMinutes: "0",
  closeRule: "manual",
  closeSpan: "",
  closeUnit: "days",
  closeAt: "",
  launchMessage: "Tell us how the product team is doing.",
  reminderMessage: "Two minutes, please.",
  ...extra,
});

/** A JOBS producer that keeps queued messages in memory (the cron's outbox delivery also runs). */
function quietEnv() {
  const queue = { async send() {}, async sendBatch() {} };
  return { ...env, JOBS: queue } as unknown as Env;
}

async function fire(scheduledTime: Date) {
  const controller = createScheduledController({ scheduledTime, cron: "* * * * *" });
  const ctx = createExecutionContext();
  await worker.scheduled!(controller, quietEnv(), ctx);
  await waitOnExecutionContext(ctx);
}

beforeEach(async () => {
  // A fresh session each test: firing the cron days ahead purges sessions that have expired by then.
  alice = await sessionFor("alice@acme.test");
  await insertSurvey();
  await env.DB.batch([
    env.DB.prepare("UPDATE users SET is_deleted = 0, is_excluded = 0 WHERE company_id = 'c-acme'"),
    env.DB.prepare("DELETE FROM cron_runs"),
  ]);
});

describe("survey launch: refused until the survey is complete", () => {
  const cases: Array<[string, Parameters<typeof insertSurvey>[0], string]> = [
    ["no question", { blocks: [{ id: "s1", type: "static-text", value: "Hello" }] }, "Please add at least one question to the survey."],
    ["no audience", { audienceType: null }, "Please set the survey audience."],
    ["no result viewers", { inspectorType: null }, "Please set the survey result viewers."],
  ];
  for (const [name, fields, message] of cases) {
    it(`refuses a launch with ${name}: '${message}', and writes nothing`, async () => {
      await insertSurvey(fields);
      const page = await (await appFetch(path(ID), { cookie: alice })).text();
      expect(await texts(page, "#launch-blocker")).toEqual([message]);
      expect(page).toMatch(/<button[^>]*disabled=""[^>]*value="launch"|<button[^>]*value="launch"[^>]*disabled=""/);

      const response = await post({ ...form(), intent: "launch" });
      expect(response.status).toBe(400);
      expect(await texts(await response.text(), '[role="alert"]')).toContain(message);
      expect(await runs()).toEqual([]);
      expect(await survey()).toMatchObject({ start_at: null, next_run_at: null, launch_count: 0, version: 0 });
    });
  }
});

describe("survey launch: scheduler validation", () => {
  it("requires a start date that is not in the past and a close time for 'on a specific time'", async () => {
    const past = await post({ ...form({ startDate: local(Date.now() - DAY) }), intent: "launch" });
    expect(past.status).toBe(400);
    expect(textOf(await past.text())).toContain("The start date cannot be in the past.");

    const missing = await post({ ...form({ startDate: "" }), intent: "save" });
    expect(missing.status).toBe(400);
    expect(textOf(await missing.text())).toContain("Choose the start date and time.");

    const noClose = await post({ ...form({ closeRule: "onSpecificTime" }), intent: "launch" });
    expect(noClose.status).toBe(400);
    expect(textOf(await noClose.text())).toContain("Choose when the survey closes.");

    // A frequency the start date does not offer (the 17 March 2031 is not the last Monday).
    const unfit = await post({ ...form({ startDate: "2031-03-17T09:00", frequency: "monthly-last-weekday" }), intent: "save" });
    expect(unfit.status).toBe(400);
    expect(textOf(await unfit.text())).toContain("This frequency does not fit the start date");

    expect(await runs()).toEqual([]);
    expect(await survey()).toMatchObject({ start_at: null, version: 0 });
  });

  it("lists the options and upcoming runs of the start date, with warnings", async () => {
    const response = await post({ ...form({ startDate: "2031-01-31T09:00", frequency: "monthly-day" }), intent: "preview" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(await texts(html, 'select[name="frequency"] option')).toContain("Monthly on the 31st");
    expect(await texts(html, "ol li")).toEqual(expect.arrayContaining(["Fri, 31 Jan 2031, 09:00", "Mon, 31 Mar 2031, 09:00"]));
    expect(textOf(html)).toContain("Some months have no 31st day: the survey does not run in those months.");
    expect(textOf(html)).toContain("Times are in UTC");
    expect((await survey())?.version).toBe(0);
  });
});

describe("survey launch: launch now", () => {
  it("creates the run, one recipient per active member and one notification each, then goes to manage surveys", async () => {
    // #product: Mona, Eve, Ed and Nina; Ed is deactivated and Nina excluded.
    await env.DB.batch([
      env.DB.prepare("UPDATE users SET is_deleted = 1 WHERE id = 'u-acme-ed'"),
      env.DB.prepare("UPDATE users SET is_excluded = 1 WHERE id = 'u-acme-nina'"),
    ]);
    const response = await post({ ...form({ closeRule: "automatic", closeSpan: "2", closeUnit: "days" }), intent: "launch" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/surveys/manage-surveys");

    const [run] = await runs();
    expect(run).toMatchObject({
      company_id: "c-acme",
      title: "Product pulse",
      workspace_id: "w-acme-hq",
      state: "open",
      sequence: 1,
      inspector_type: "audience",
      close_rule: "automatic",
      audience_count: 2,
      launched_by: "u-acme-alice",
    });
    expect((run.closes_at as number) - (run.launched_at as number)).toBe(2 * DAY);
    expect(JSON.parse(run.blocks as string)).toEqual(QUESTION);
    expect(await recipients(run.id as string)).toEqual(["eve@acme.test", "mona@acme.test"]);
    const sent = await outbox(run.id as string);
    expect(sent.map((o) => o.email)).toEqual(["eve@acme.test", "mona@acme.test"]);
    expect(sent.every((o) => o.kind === "survey" && o.body === "Tell us how the product team is doing.")).toBe(true);
    expect(await survey()).toMatchObject({ launch_count: 1, next_run_at: null, frequency: "does-not-repeat", close_span: 2 });
  });

  it("a repeating launch now sets the next run at the next occurrence", async () => {
    const start = minute(Date.now());
    const response = await post({ ...form({ startDate: local(start), frequency: "daily" }), intent: "launch" });
    expect(response.status).toBe(302);
    expect(await runs()).toHaveLength(1);
    expect((await survey())?.next_run_at).toBe(start + DAY);
  });
});

describe("survey launch: scheduled, then the cron", () => {
  it("a future start schedules the survey; the cron starts it once, even when fired twice", async () => {
    const start = minute(Date.now() + 2 * DAY);
    const response = await post({ ...form({ startDate: local(start) }), intent: "launch" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/surveys/manage-surveys");
    expect(await runs()).toEqual([]);
    expect(await survey()).toMatchObject({ next_run_at: start, start_at: start, launch_count: 0 });

    // Before the start nothing happens.
    await fire(new Date(start - MINUTE));
    expect(await runs()).toEqual([]);

    // The same minute twice, and two overlapping minutes at once.
    await fire(new Date(start));
    await fire(new Date(start));
    await Promise.all([fire(new Date(start + MINUTE)), fire(new Date(start + 2 * MINUTE))]);
    const all = await runs();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ sequence: 1, launched_at: start, audience_count: 4, launched_by: "u-acme-alice" });
    expect(await recipients(all[0].id as string)).toHaveLength(4);
    expect(await outbox(all[0].id as string)).toHaveLength(4);
    expect(await survey()).toMatchObject({ next_run_at: null, launch_count: 1 });
  });

  it("two starts of the same due survey at once make one run", async () => {
    const start = minute(Date.now() + DAY);
    await post({ ...form({ startDate: local(start) }), intent: "launch" });
    const now = new Date(start);
    const results = await Promise.all([surveySchedules.run({ env, db, now }), surveySchedules.run({ env, db, now })]);
    expect(results.map((r) => r.started).sort()).toEqual([0, 1]);
    expect(await runs()).toHaveLength(1);
  });

  it("a weekly survey starts each occurrence and moves to the next; the audience is read at each start", async () => {
    const start = minute(Date.now() + DAY);
    await post({ ...form({ startDate: local(start), frequency: "weekly" }), intent: "launch" });
    await fire(new Date(start));
    expect(await survey()).toMatchObject({ next_run_at: start + 7 * DAY, launch_count: 1 });

    // Eve leaves before the second run.
    await env.DB.prepare("UPDATE users SET is_deleted = 1 WHERE id = 'u-acme-eve'").run();
    await fire(new Date(start + 7 * DAY));
    const all = await runs();
    expect(all.map((r) => [r.sequence, r.launched_at, r.audience_count])).toEqual([
      [1, start, 4],
      [2, start + 7 * DAY, 3],
    ]);
    expect(await recipients(all[1].id as string)).not.toContain("eve@acme.test");
    expect(await survey()).toMatchObject({ next_run_at: start + 14 * DAY, launch_count: 2 });
  });

  it("skips an occurrence when the survey can no longer launch, and keeps the schedule", async () => {
    const start = minute(Date.now() + DAY);
    await post({ ...form({ startDate: local(start), frequency: "daily" }), intent: "launch" });
    await env.DB.prepare("UPDATE surveys SET inspector_type = NULL WHERE id = ?").bind(ID).run();
    await fire(new Date(start));
    expect(await runs()).toEqual([]);
    expect((await survey())?.next_run_at).toBe(start + DAY);
  });

  it("closes a run whose close rule is due, once", async () => {
    const start = minute(Date.now() + DAY);
    await post({
      ...form({ startDate: local(start), closeRule: "onSpecificTime", closeAt: local(start + 3 * 3_600_000) }),
      intent: "launch",
    });
    await fire(new Date(start));
    const [run] = await runs();
    expect(run).toMatchObject({ state: "open", closes_at: start + 3 * 3_600_000 });
    await fire(new Date(start + 3 * 3_600_000 - MINUTE));
    expect((await runs())[0].state).toBe("open");
    await fire(new Date(start + 3 * 3_600_000));
    const [closed] = await runs();
    expect(closed).toMatchObject({ state: "closed", closed_at: start + 3 * 3_600_000 });
    const events = await env.DB.prepare("SELECT count(*) AS n FROM audit_events WHERE action = 'survey.closed' AND entity_id = ?")
      .bind(run.id)
      .first<{ n: number }>();
    expect(events?.n).toBe(1);
  });
});

describe("survey launch: the scheduler page", () => {
  it("saves the schedule and notification texts without launching", async () => {
    const start = minute(Date.now() + 3 * DAY);
    const response = await post({ ...form({ startDate: local(start), frequency: "weekly" }), intent: "save" });
    expect(response.status).toBe(302);
    expect(await survey()).toMatchObject({ start_at: start, frequency: "weekly", next_run_at: null });
    expect(JSON.parse((await survey())?.notifications as string)).toEqual({
      launch: "Tell us how the product team is doing.",
      reminder: "Two minutes, please.",
    });
    const html = await (await appFetch(path(ID), { cookie: alice })).text();
    expect(html).toContain(`value="${local(start)}"`);
    expect(await texts(html, 'select[name="frequency"] option[selected]')).toHaveLength(1);
  });

  it("answers 404 for another company's survey and sends an employee home", async () => {
    const gina = await sessionFor("gina@globex.test");
    expect((await appFetch(path(ID), { cookie: gina })).status).toBe(404);
    expect((await post({ ...form(), intent: "launch" }, gina)).status).toBe(404);
    const sam = await sessionFor("sam@acme.test");
    const home = await appFetch(path(ID), { cookie: sam });
    expect(home.status).toBe(302);
    expect(home.headers.get("Location")).toBe("/");
    expect((await post({ ...form(), intent: "launch" }, sam)).status).toBe(302);
    expect(await runs()).toEqual([]);
  });
});
