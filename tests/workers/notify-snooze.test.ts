import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { userId } from "~/db/seed/demo";
import { notify } from "~/modules/notifications/notify.server";
import { appFetch, postForm, sessionFor } from "./helpers";

const db = createDb(env.DB);
const eve = userId("acme", "eve");
const sam = userId("acme", "sam");
const DAY = 24 * 60 * 60 * 1000;

async function snoozes() {
  const { results } = await env.DB.prepare("SELECT company_id, user_id, until FROM reminder_snoozes ORDER BY user_id").all<{
    company_id: string;
    user_id: string;
    until: number;
  }>();
  return results;
}

async function reminderTimes(who: string) {
  const { results } = await env.DB.prepare("SELECT kind, deliver_after FROM notification_outbox WHERE recipient_user_id = ? ORDER BY kind")
    .bind(who)
    .all<{ kind: string; deliver_after: number | null }>();
  return results;
}

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM notification_outbox"),
    env.DB.prepare("DELETE FROM reminder_snoozes"),
    // Chat only (the demo sends Acme's survey reminders by e-mail too).
    env.DB.prepare("DELETE FROM notification_channel_settings"),
  ]);
});

describe("/notifications/snooze", () => {
  it("shows what snoozing does and one POST button to any signed-in person", async () => {
    const cookie = await sessionFor("eve@acme.test");
    const response = await appFetch("/notifications/snooze", { cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Snooze reminders | Admin</title>");
    expect(html).toContain("Snoozing holds back your reminders for a day");
    expect(html).toContain("Your reminders are not snoozed.");
    expect(html).toMatch(/<form method="post"[^>]*>.*<button[^>]*type="submit"[^>]*name="intent" value="snooze"[^>]*>Snooze for a day<\/button>/s);
  });

  it("snoozes the signed-in person only, whoever the form names, and pushes their pending reminders a day", async () => {
    const before = Date.now();
    await notify(db, { companyId: "c-acme", recipientUserIds: [eve, sam], kind: "survey-reminder", subject: "S", body: "B" });
    await notify(db, { companyId: "c-acme", recipientUserIds: [eve], kind: "survey", subject: "S", body: "B" });
    const cookie = await sessionFor("eve@acme.test");
    const response = await postForm("/notifications/snooze", { intent: "snooze", userId: sam, companyId: "c-globex" }, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/notifications/snooze");

    const [snooze, ...others] = await snoozes();
    expect(others).toEqual([]);
    expect(snooze).toMatchObject({ company_id: "c-acme", user_id: eve });
    expect(snooze.until).toBeGreaterThanOrEqual(before + DAY);
    expect(snooze.until).toBeLessThanOrEqual(Date.now() + DAY);
    // Eve's reminder waits for the snooze's end; her survey is no reminder; Sam's reminder is untouched.
    const eves = await reminderTimes(eve);
    expect(eves).toEqual([
      { kind: "survey", deliver_after: null },
      { kind: "survey-reminder", deliver_after: snooze.until },
    ]);
    const [samReminder] = await reminderTimes(sam);
    expect(samReminder.deliver_after).toBeLessThan(snooze.until);

    const page = await (await appFetch("/notifications/snooze", { cookie })).text();
    const until = new Date(snooze.until).toISOString();
    expect(page).toContain(`Your reminders are snoozed until ${until.slice(0, 10)} ${until.slice(11, 16)} UTC.`);
    expect(page).toContain("Resume reminders");
  });

  it("resumes early: the snooze ends and held reminders go back to the next digest", async () => {
    const cookie = await sessionFor("eve@acme.test");
    await notify(db, { companyId: "c-acme", recipientUserIds: [eve], kind: "reminder", subject: "S", body: "B" });
    const [{ deliver_after: digestAt }] = await reminderTimes(eve);
    await postForm("/notifications/snooze", { intent: "snooze" }, cookie);
    expect((await reminderTimes(eve))[0].deliver_after).toBeGreaterThan(digestAt!);
    const response = await postForm("/notifications/snooze", { intent: "resume" }, cookie);
    expect(response.status).toBe(302);
    expect(await snoozes()).toEqual([]);
    expect((await reminderTimes(eve))[0].deliver_after).toBe(digestAt);
  });

  it("refuses a bad request with 400, changing nothing", async () => {
    const cookie = await sessionFor("eve@acme.test");
    const response = await postForm("/notifications/snooze", { intent: "forever" }, cookie);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Choose Snooze for a day or Resume reminders.");
    expect(await snoozes()).toEqual([]);
  });

  it("sends a signed-out visitor to sign in, changing nothing", async () => {
    const get = await appFetch("/notifications/snooze");
    expect(get.status).toBe(302);
    expect(get.headers.get("Location")).toMatch(/^\/sign-in/);
    const post = await postForm("/notifications/snooze", { intent: "snooze", userId: eve });
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toMatch(/^\/sign-in/);
    expect(await snoozes()).toEqual([]);
  });
});
