import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { planReleaseAnonymous } from "~/modules/feedback/give-writes.server";
import { count, insertLoopRun, SBI } from "./feedback-fixtures";
import { postForm, sessionFor } from "./helpers";
import { rollupMismatches } from "./insights-rollup-check";

// The insights' roll-ups (running totals per person and day, the company's competency counts) are
// exact after every way feedback is written: the seed, a loop send, an anonymous run's release,
// direct feedback, praise, a request and its answer.

const SAM = "u-acme-sam";
const EVE = "u-acme-eve";
const ED = "u-acme-ed";
const TAG = { competency: "k-acme-communication", "behaviour.k-acme-communication-1": "strength" };
const today = () => new Date().toISOString().slice(0, 10);
const running = (userId: string, day: string) =>
  env.DB.prepare("SELECT sent, received, requested, praise_sent, praise_received FROM feedback_running_counts WHERE user_id = ? AND day = ?")
    .bind(userId, day)
    .first<Record<string, number>>();
const dailyTotal = (field: string, userId: string) => count(`SELECT coalesce(sum(${field}), 0) AS n FROM feedback_daily_counts WHERE user_id = ?`, userId);

describe("the insights' roll-ups", () => {
  it("are exact in the seeded demo companies", async () => {
    expect(await count("SELECT count(*) AS n FROM feedback_running_counts")).toBe(await count("SELECT count(*) AS n FROM feedback_daily_counts"));
    expect(await count("SELECT count(*) AS n FROM feedback_company_competency_counts")).toBeGreaterThan(50);
    expect(await rollupMismatches()).toEqual([]);
  });

  it("follow direct feedback (with its competency tags) and praise", async () => {
    const sam = await sessionFor("sam@acme.test");
    const tagBefore = await count(
      "SELECT coalesce(sum(count), 0) AS n FROM feedback_company_competency_counts WHERE company_id = 'c-acme' AND competency_id = ? AND behaviour_id = ''",
      TAG.competency
    );
    const fields = { intent: "send", requestId: crypto.randomUUID(), format: "SBI", receiverId: ED, ...SBI, ...TAG };
    expect((await postForm("/feedback/give", fields, sam)).status).toBe(302);
    expect(await rollupMismatches()).toEqual([]);
    expect((await running(ED, today()))?.received).toBe(await dailyTotal("received", ED));
    expect((await running(SAM, today()))?.sent).toBe(await dailyTotal("sent", SAM));
    expect(
      await count(
        "SELECT coalesce(sum(count), 0) AS n FROM feedback_company_competency_counts WHERE company_id = 'c-acme' AND competency_id = ? AND behaviour_id = ''",
        TAG.competency
      )
    ).toBe(tagBefore + 1);

    const praise = { intent: "praise", requestId: crypto.randomUUID(), receiverId: EVE, feedbackText: "Thank you for the launch!" };
    expect((await postForm("/feedback/praise", praise, sam)).status).toBe(302);
    expect(await rollupMismatches()).toEqual([]);
    expect((await running(EVE, today()))?.praise_received).toBe(await dailyTotal("praise_received", EVE));
  });

  it("follow a request and its answer", async () => {
    const eve = await sessionFor("eve@acme.test");
    expect((await postForm("/feedback/request", { intent: "request", requestId: crypto.randomUUID(), recipientId: ED, message: "How was my demo?" }, eve)).status).toBe(302);
    expect(await rollupMismatches()).toEqual([]);
    expect((await running(EVE, today()))?.requested).toBe(await dailyTotal("requested", EVE));
    const request = await env.DB.prepare("SELECT id FROM feedback_requests WHERE requester_id = ? AND state = 'open' ORDER BY created_at DESC").bind(EVE).first<{ id: string }>();
    const answer = { intent: "send", requestId: crypto.randomUUID(), format: "FreeText", feedbackText: "Clear and well paced.", ...TAG };
    expect((await postForm(`/feedback/requests/${request!.id}`, answer, await sessionFor("ed@acme.test"))).status).toBe(302);
    expect(await rollupMismatches()).toEqual([]);
  });

  it("follow a loop send and an anonymous run's release on its deadline day, and a second release changes nothing", async () => {
    const sent = await insertLoopRun({ pairs: [{ senderId: SAM, receiverId: EVE }] });
    const send = (runId: string, receiverId: string, cookie: string) =>
      postForm(`/feedback/give/${runId}/${receiverId}`, { intent: "send", requestId: crypto.randomUUID(), ...SBI, ...TAG }, cookie);
    expect((await send(sent.runId, EVE, await sessionFor("sam@acme.test"))).status).toBe(302);
    expect(await rollupMismatches()).toEqual([]);

    // The deadline a few days ahead: the release writes days after today, behind which running rows already exist.
    const deadlineAt = new Date(Date.now() + 3 * 86_400_000);
    const senders = ["sam@acme.test", "ed@acme.test", "mona@acme.test"];
    const { runId } = await insertLoopRun({
      anonymous: true,
      deadlineAt,
      pairs: [SAM, ED, "u-acme-mona"].map((senderId) => ({ senderId, receiverId: EVE })),
    });
    for (const email of senders) expect((await send(runId, EVE, await sessionFor(email))).status).toBe(302);
    const db = createDb(env.DB);
    await db.batch((await planReleaseAnonymous(db, { id: runId, companyId: "c-acme", deadlineAt })) as never);
    const day = deadlineAt.toISOString().slice(0, 10);
    expect(await rollupMismatches()).toEqual([]);
    expect((await running(EVE, day))?.received).toBe(await dailyTotal("received", EVE));
    expect((await running(ED, day))?.sent).toBe(await dailyTotal("sent", ED));
    expect(await planReleaseAnonymous(db, { id: runId, companyId: "c-acme", deadlineAt })).toEqual([]);
    expect(await rollupMismatches()).toEqual([]);
  });

  it("put right a running row that was off, from the day written on", async () => {
    const sam = await sessionFor("sam@acme.test");
    const fields = () => ({ intent: "send", requestId: crypto.randomUUID(), format: "SBI", receiverId: ED, ...SBI });
    expect((await postForm("/feedback/give", fields(), sam)).status).toBe(302);
    await env.DB.prepare("UPDATE feedback_running_counts SET received = received + 7 WHERE user_id = ? AND day = ?").bind(ED, today()).run();
    expect(await rollupMismatches()).not.toEqual([]);
    expect((await postForm("/feedback/give", fields(), sam)).status).toBe(302);
    expect(await rollupMismatches()).toEqual([]);
  });
});
