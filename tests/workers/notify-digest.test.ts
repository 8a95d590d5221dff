import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { userId } from "~/db/seed/demo";
import { DIGEST_PAGE, gatherReminderDigests } from "~/modules/notifications/digest.server";
import { notify } from "~/modules/notifications/notify.server";
import { snoozeReminders } from "~/modules/notifications/snooze.server";
import { runDueWork } from "../../workers/cron";
import { appFetch, sessionFor } from "./helpers";
import { DUE_WORK, reminderDigest } from "../../workers/due-work";

const db = createDb(env.DB);
const eve = userId("acme", "eve");
const sam = userId("acme", "sam");
const tina = userId("globex", "tina");

// Written the afternoon before: held for the next morning's digest at 9 UTC.
const WRITTEN = new Date("2026-11-26T15:00:00Z");
const DIGEST_TIME = new Date("2026-11-27T09:00:20Z");

interface OutboxRow {
  id: string;
  company_id: string;
  recipient_user_id: string;
  channel: string;
  kind: string;
  subject: string;
  body: string;
  status: string;
  digest_id: string | null;
  items: string | null;
  dedupe_key: string | null;
  deliver_after: number | null;
}

async function rows(where = "1 = 1") {
  const { results } = await env.DB.prepare(`SELECT * FROM notification_outbox WHERE ${where} ORDER BY created_at, id`).all<OutboxRow>();
  return results;
}

const remind = (
  companyId: string,
  who: string[],
  kind: "reminder" | "survey-reminder" | "feedback-loop-reminder",
  subject: string,
  at = WRITTEN,
  extra: { sendAs?: ["email"] } = {}
) => notify(db, { companyId, recipientUserIds: who, kind, subject, body: `Body of ${subject}`, link: `/to/${subject}`, now: at, digestHour: 9, ...extra });

const run = (now: Date) => gatherReminderDigests(db, { now, digestHour: 9 });

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM notification_outbox"),
    env.DB.prepare("DELETE FROM reminder_snoozes"),
    env.DB.prepare("DELETE FROM cron_runs"),
    // Chat only, unless a test says otherwise (the demo sends Acme's survey reminders by e-mail too).
    env.DB.prepare("DELETE FROM notification_channel_settings"),
  ]);
});

describe("the daily reminder digest", () => {
  it("gathers three reminders to one person into one digest row with three items, the originals digested", async () => {
    await remind("c-acme", [eve], "reminder", "Review");
    await remind("c-acme", [eve], "survey-reminder", "Survey", new Date("2026-11-26T15:01:00Z"));
    await remind("c-acme", [eve], "feedback-loop-reminder", "Loop", new Date("2026-11-26T15:02:00Z"));
    // Registered with the minute jobs, and run by the cron like them.
    expect(DUE_WORK).toContain(reminderDigest);
    const results = await runDueWork(env, DIGEST_TIME, [reminderDigest]);
    expect(results["reminder-digest"]).toEqual({ digests: 1, gathered: 3, postponed: 0 });

    const digests = await rows("kind = 'reminder-digest'");
    expect(digests).toHaveLength(1);
    const [digest] = digests;
    expect(digest).toMatchObject({
      company_id: "c-acme",
      recipient_user_id: eve,
      channel: "slack",
      subject: "Your reminders for today",
      body: "You have 3 reminders waiting.",
      status: "pending",
      dedupe_key: `digest:2026-11-27:${eve}:slack`,
      deliver_after: null,
    });
    expect(JSON.parse(digest.items!)).toEqual([
      { kind: "reminder", subject: "Review", body: "Body of Review", link: "/to/Review" },
      { kind: "survey-reminder", subject: "Survey", body: "Body of Survey", link: "/to/Survey" },
      { kind: "feedback-loop-reminder", subject: "Loop", body: "Body of Loop", link: "/to/Loop" },
    ]);
    const originals = await rows("kind <> 'reminder-digest'");
    expect(originals.map((r) => [r.status, r.digest_id])).toEqual([
      ["digested", digest.id],
      ["digested", digest.id],
      ["digested", digest.id],
    ]);
  });

  it("writes one digest however often it runs that day", async () => {
    await remind("c-acme", [eve, sam], "reminder", "Review");
    expect(await run(DIGEST_TIME)).toMatchObject({ digests: 2, gathered: 2 });
    expect(await run(new Date("2026-11-27T09:01:00Z"))).toEqual({ digests: 0, gathered: 0, postponed: 0 });
    // The cron's own claim: the same minute twice runs once.
    await runDueWork(env, new Date("2026-11-27T09:02:00Z"), [reminderDigest]);
    expect(await runDueWork(env, new Date("2026-11-27T09:02:30Z"), [reminderDigest])).toEqual({ "reminder-digest": "skipped" });
    expect(await rows("kind = 'reminder-digest'")).toHaveLength(2);
  });

  it("waits for the digest hour, and leaves reminders whose time has not come", async () => {
    await remind("c-acme", [eve], "reminder", "Review");
    expect(await run(new Date("2026-11-27T08:59:59Z"))).toEqual({ waiting: true, digests: 0, gathered: 0, postponed: 0 });
    // Written after this morning's digest: it waits for tomorrow's.
    await remind("c-acme", [sam], "reminder", "Later", new Date("2026-11-27T09:30:00Z"));
    await run(new Date("2026-11-27T10:00:00Z"));
    const sams = await rows(`recipient_user_id = '${sam}'`);
    expect(sams.map((r) => [r.kind, r.status, r.deliver_after])).toEqual([["reminder", "pending", Date.parse("2026-11-28T09:00:00Z")]]);
  });

  it("takes a reminder written with another digest hour into that day's digest all the same", async () => {
    // Written at 10:00 by a caller without config (held for 9:00 tomorrow); the company's digest is at 11:00.
    await notify(db, { companyId: "c-acme", recipientUserIds: [eve], kind: "reminder", subject: "Early", body: "B", now: new Date("2026-11-27T10:00:00Z") });
    expect(await gatherReminderDigests(db, { now: new Date("2026-11-27T10:59:00Z"), digestHour: 11 })).toMatchObject({ waiting: true });
    expect(await gatherReminderDigests(db, { now: new Date("2026-11-27T11:00:00Z"), digestHour: 11 })).toEqual({ digests: 1, gathered: 1, postponed: 0 });
    // Written after that digest with the job's own hour: tomorrow's.
    await notify(db, { companyId: "c-acme", recipientUserIds: [sam], kind: "reminder", subject: "Late", body: "B", now: new Date("2026-11-27T11:30:00Z"), digestHour: 11 });
    expect(await gatherReminderDigests(db, { now: new Date("2026-11-27T12:00:00Z"), digestHour: 11 })).toEqual({ digests: 0, gathered: 0, postponed: 0 });
  });

  it("skips a snoozed person until the snooze ends, then gathers their reminders that day", async () => {
    await remind("c-acme", [eve, sam], "survey-reminder", "Survey");
    await snoozeReminders(db, { companyId: "c-acme", userId: sam, now: new Date("2026-11-26T16:00:00Z") });
    await run(DIGEST_TIME);
    expect((await rows("kind = 'reminder-digest'")).map((r) => r.recipient_user_id)).toEqual([eve]);
    expect((await rows(`recipient_user_id = '${sam}'`)).map((r) => r.status)).toEqual(["pending"]);
    await run(new Date("2026-11-27T15:59:00Z"));
    expect(await rows(`recipient_user_id = '${sam}' AND kind = 'reminder-digest'`)).toHaveLength(0);
    await run(new Date("2026-11-27T16:00:30Z"));
    const [digest] = await rows(`recipient_user_id = '${sam}' AND kind = 'reminder-digest'`);
    expect(digest.dedupe_key).toBe(`digest:2026-11-27:${sam}:slack`);
    expect(JSON.parse(digest.items!)).toHaveLength(1);
  });

  it("keeps companies and channels apart", async () => {
    await remind("c-acme", [eve], "reminder", "Acme chat");
    await remind("c-acme", [eve], "reminder", "Acme mail", WRITTEN, { sendAs: ["email"] });
    await remind("c-globex", [tina], "survey-reminder", "Globex");
    // Another company's reminder not yet due stays as it is.
    await remind("c-globex", [tina], "reminder", "Globex later", new Date("2026-11-27T09:10:00Z"));
    await run(DIGEST_TIME);
    const digests = await rows("kind = 'reminder-digest'");
    const itemsOf = (company: string, channel: string) =>
      JSON.parse(digests.find((d) => d.company_id === company && d.channel === channel)!.items!).map((i: { subject: string }) => i.subject);
    expect(digests).toHaveLength(3);
    expect(itemsOf("c-acme", "slack")).toEqual(["Acme chat"]);
    expect(itemsOf("c-acme", "email")).toEqual(["Acme mail"]);
    expect(itemsOf("c-globex", "msteams")).toEqual(["Globex"]);
    const later = await rows("subject = 'Globex later'");
    expect(later.map((r) => [r.status, r.digest_id])).toEqual([["pending", null]]);
  });

  it("never marks reminders digested without their digest: one already sent today puts them off to the next", async () => {
    await remind("c-acme", [eve], "reminder", "Morning");
    await run(DIGEST_TIME);
    // A reminder due later the same day (written before digests, so it has no time of its own).
    await env.DB.prepare(
      "INSERT INTO notification_outbox (id, company_id, recipient_user_id, channel, kind, subject, body, status, created_at) VALUES ('late', 'c-acme', ?, 'slack', 'reminder', 'Late', 'B', 'pending', ?)"
    )
      .bind(eve, Date.parse("2026-11-27T11:00:00Z"))
      .run();
    expect(await run(new Date("2026-11-27T12:00:00Z"))).toEqual({ digests: 0, gathered: 0, postponed: 1 });
    const [late] = await rows("id = 'late'");
    expect([late.status, late.digest_id, late.deliver_after]).toEqual(["pending", null, Date.parse("2026-11-28T09:00:00Z")]);
    expect(await run(new Date("2026-11-28T09:00:00Z"))).toMatchObject({ digests: 1, gathered: 1 });
  });

  it("handles a large company in bounded pages, one digest per person however the pages fall", async () => {
    const people = Math.ceil(DIGEST_PAGE / 2) + 30;
    // Two reminders each for many people (ids need not be real users for the digest).
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO notification_outbox (id, company_id, recipient_user_id, channel, kind, subject, body, status, created_at, deliver_after)
       SELECT 'r' || i, 'c-acme', 'p' || printf('%04d', i / 2), 'slack', 'reminder', 'S' || (i % 2), 'B', 'pending', ? + i, ? FROM n`
    )
      .bind(people * 2 - 1, WRITTEN.getTime(), Date.parse("2026-11-27T09:00:00Z"))
      .run();
    const result = await run(DIGEST_TIME);
    expect(result).toEqual({ digests: people, gathered: people * 2, postponed: 0 });
    const digests = await rows("kind = 'reminder-digest'");
    expect(new Set(digests.map((d) => d.recipient_user_id)).size).toBe(people);
    expect(digests.every((d) => JSON.parse(d.items!).length === 2)).toBe(true);
    expect(await rows("status = 'pending' AND kind = 'reminder'")).toEqual([]);
  });

  it("shows a digest's reminders, each with its link, in the demo inbox", async () => {
    await remind("c-acme", [eve], "reminder", "Review");
    await remind("c-acme", [eve], "survey-reminder", "Survey", new Date("2026-11-26T15:01:00Z"));
    await run(DIGEST_TIME);
    const html = await (await appFetch("/dev/inbox?mine=1", { cookie: await sessionFor("eve@acme.test") })).text();
    const list = html.match(/<ol[^>]*aria-label="Reminders in this message"[^>]*>(.*?)<\/ol>/s)?.[1] ?? "";
    expect(list).toMatch(/Review<\/span>.*Body of Review.*href="\/to\/Review".*Survey<\/span>.*survey reminder.*href="\/to\/Survey"/s);
    expect(html).toContain("Your reminders for today");
    expect(html).toContain(">digested<");
  });
});
