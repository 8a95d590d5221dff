import { data, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requirePermission } from "~/modules/auth/session.server";
import { changePair, findCampaign } from "~/modules/reviews/campaigns.server";

const Body = z.object({
  campaignId: z.string().min(1).max(100),
  count: z.coerce.number().int().min(1).max(5000).default(1000),
  concurrency: z.coerce.number().int().min(1).max(100).default(20),
  /** Open loop: start this many transitions a second whatever the answers (a sustained load); else `concurrency` callers back to back. */
  rate: z.coerce.number().int().min(1).max(2000).optional(),
});

/**
 * `npm run bench`'s measurement of the ReviewCampaign Durable Object at its own boundary: this
 * Worker sends `count` Send Reminder transitions to one campaign's object, at a fixed `rate` (a
 * sustained load) or from `concurrency` callers back to back (its ceiling), and times each call, so the figure is the object's (D1 included), not wrangler
 * dev's local HTTP proxy's (which alone tops out near 300 requests a second on the bench machine).
 * Exists only with DEV_SIGN_IN=true, for a holder of Manage Reviews, on their company's campaign.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (!context.config.devSignIn) throw new Response("Not Found", { status: 404 });
  const viewer = await requirePermission(request, context, "ViewManageReviews");
  const body = Body.safeParse(Object.fromEntries(await request.formData()));
  if (!body.success) return data({ error: "campaignId, count (1–5000) and concurrency (1–100)" }, { status: 400 });
  const { campaignId, count, concurrency, rate } = body.data;
  if (!(await findCampaign(context, viewer, campaignId))) throw new Response("Not Found", { status: 404 });
  const { results: pairs } = await context.cloudflare.env.DB.prepare(
    "SELECT id FROM review_pairs WHERE company_id = ? AND campaign_id = ? AND state IN ('pending', 'started', 'review-progress') ORDER BY id"
  )
    .bind(viewer.company.id, campaignId)
    .all<{ id: string }>();
  if (pairs.length === 0) return data({ error: "The campaign has no pair that can be reminded." }, { status: 409 });
  const run = crypto.randomUUID();
  const latencies: number[] = [];
  const outcomes: Record<string, number> = {};
  const one = async (n: number) => {
    const t = performance.now();
    const result = await changePair(context, viewer, campaignId, pairs[n % pairs.length].id, { type: "sendReminder" }, `${run}-${n}`);
    latencies.push(performance.now() - t);
    const outcome = result.ok ? "ok" : result.reason === "conflict" ? `conflict: ${result.conflict}` : result.reason;
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  };
  const started = performance.now();
  if (rate) {
    // Every 10 ms, start the transitions due by then.
    const running: Promise<void>[] = [];
    while (running.length < count) {
      const due = Math.min(count, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
      while (running.length < due) running.push(one(running.length));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await Promise.all(running);
  } else {
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < count) await one(next++);
      })
    );
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))];
  return data({
    count,
    concurrency: rate ? null : concurrency,
    rate: rate ?? null,
    seconds,
    perSecond: (outcomes.ok ?? 0) / seconds,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    outcomes,
  });
}
