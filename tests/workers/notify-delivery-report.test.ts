import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { deliverOutbox } from "../../workers/due-work";
import { JOBS_QUEUE } from "../../workers/queues";
import { consumeQueue, postForm, sessionFor } from "./helpers";
import { ON_TIME_QUESTION } from "./review-blocks";

// 'Report will be emailed once completed' (000 §4, 002 §8): the report requested on a review's page
// is made by the queue, and its e-mail — the link to the file, HTML and text — reaches the e-mail API.

const db = createDb(env.DB);
const realFetch = globalThis.fetch;

const consume = (id: string, body: unknown, attempts = 1) => consumeQueue(JOBS_QUEUE, [{ id, body, attempts }]);

/** What the app sends to the jobs queue, kept instead of sent. */
function captureJobs() {
  const sent: Array<Record<string, unknown>> = [];
  vi.spyOn(env.JOBS, "send").mockImplementation(async (body: unknown) => {
    sent.push(body as Record<string, unknown>);
    return undefined as never;
  });
  vi.spyOn(env.JOBS, "sendBatch").mockImplementation(async (messages: Iterable<MessageSendRequest<unknown>>) => {
    for (const m of messages) sent.push(m.body as Record<string, unknown>);
    return undefined as never;
  });
  return sent;
}

async function seedReview() {
  const id = `rc-${crypto.randomUUID()}`;
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO review_campaigns (id, company_id, title, state, workspace_id, anonymous, template_title, template_blocks, created_by, launched_at, updated_at)
       VALUES (?, 'c-acme', 'Mail <review>', 'live', 'w-acme-hq', 0, 'Check-in', ?, 'u-acme-alice', ?, ?)`
    ).bind(id, JSON.stringify([ON_TIME_QUESTION]), Date.UTC(2030, 0, 1), Date.now()),
    env.DB.prepare(
      `INSERT INTO review_pairs (id, company_id, campaign_id, reviewee_id, reviewer_id, state, answers, updated_at) VALUES (?, 'c-acme', ?, 'u-acme-eve', 'u-acme-ed', 'completed', ?, 0)`
    ).bind(`${id}-p0`, id, JSON.stringify({ "b-time": { value: 1, comment: "done" } })),
  ]);
  return { path: `/reviews/manage-reviews/${id}`, pairId: `${id}-p0` };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("report e-mail", () => {
  it("a report requested through the app is made by the queue and its e-mail with the link reaches the e-mail API", async () => {
    const review = await seedReview();
    const jobs = captureJobs();
    const requested = await postForm(review.path, { intent: "pair", pairAction: "download", pairId: review.pairId }, await sessionFor("alice@acme.test"));
    expect(requested.status).toBe(302);
    expect(jobs).toHaveLength(1);
    const reportId = String(jobs[0].reportId);

    expect((await consume(`gen-${reportId}`, jobs[0])).explicitAcks).toEqual([`gen-${reportId}`]);
    const outbox = await env.DB.prepare("SELECT id, channel, status, link FROM notification_outbox WHERE instr(dedupe_key, ?) = 1")
      .bind(`report:${reportId}:`)
      .all<{ id: string; channel: string; status: string; link: string }>();
    expect(outbox.results).toEqual([{ id: expect.any(String), channel: "email", status: "pending", link: `/reports/files/${reportId}` }]);
    const outboxId = outbox.results[0].id;

    // The minute cron claims it and queues its delivery; the consumer sends it.
    jobs.length = 0;
    await deliverOutbox.run({ env, db, now: new Date() });
    const delivery = jobs.find((j) => j.outboxId === outboxId);
    expect(delivery).toEqual({ type: "notification.deliver", outboxId, companyId: "c-acme" });
    expect((await consume(`mail-${reportId}`, delivery)).explicitAcks).toEqual([`mail-${reportId}`]);
    expect((await env.DB.prepare("SELECT status FROM notification_outbox WHERE id = ?").bind(outboxId).first<{ status: string }>())!.status).toBe("sent");

    const emails = ((await (await realFetch(`${env.FAKE_EMAIL_URL}/control/messages`)).json()) as Array<{
      idempotencyKey: string;
      to: string[];
      from: string;
      subject: string;
      html: string;
      text: string;
    }>).filter((m) => m.idempotencyKey === outboxId);
    expect(emails).toHaveLength(1);
    const [mail] = emails;
    const link = `http://127.0.0.1:8787/reports/files/${reportId}`;
    expect(mail.to).toEqual(["alice@acme.test"]);
    expect(mail.from).toBe("Pulseboard <notifications@pulseboard.example>");
    expect(mail.subject).toMatch(/^Your report is ready: Mail <review>: .+, reviewed by .+$/);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain("Mail &lt;review&gt;");
    expect(mail.html).not.toContain("Mail <review>");
    expect(mail.text).toContain(`Open: ${link}`);
    expect(mail.text).toContain("Mail <review>");
  });
});
