import { data, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requirePermission, type Viewer } from "~/modules/auth/session.server";
import { benchAnswers, openPairPerReviewer, remindablePairs } from "~/modules/reviews/bench.server";
import { changePair, findCampaign } from "~/modules/reviews/campaigns.server";

const Body = z.object({
  campaignId: z.string().min(1).max(100),
  count: z.coerce.number().int().min(1).max(5000).default(1000),
  concurrency: z.coerce.number().int().min(1).max(100).default(20),
  /** Open loop: start this many transitions a second whatever the answers (a sustained load); else `concurrency` callers back to back. */
  rate: z.coerce.number().int().min(1).max(2000).optional(),
  /** "autosave": `count` different reviewers each save answers to their own pair all at once; the answers are read back. */
  mode: z.enum(["remind", "autosave"]).default("remind"),
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
  const { campaignId, count, concurrency, rate, mode } = body.data;
  if (!(await findCampaign(context, viewer, campaignId))) throw new Response("Not Found", { status: 404 });
  if (mode === "autosave") return data(await autosaveAtOnce(context, viewer, campaignId, count));
  const pairs = await remindablePairs(context, viewer.company.id, campaignId);
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

/**
 * `count` different reviewers auto-save at once on one campaign, each on one open pair of theirs, each as the
 * pair's reviewer (the Durable Object accepts answers from no one else); then every pair is read
 * back from D1 and an answer that is not exactly the one sent counts as lost.
 */
async function autosaveAtOnce(context: ActionFunctionArgs["context"], viewer: Viewer, campaignId: string, count: number) {
  const pairs = await openPairPerReviewer(context, viewer.company.id, campaignId, count);
  const run = crypto.randomUUID();
  const latencies: number[] = [];
  const started = performance.now();
  const answers = await Promise.all(
    pairs.map(async (pair, n) => {
      const reviewer = { ...viewer, user: { ...viewer.user, id: pair.reviewer_id } };
      const t = performance.now();
      const result = await changePair(
        context,
        reviewer,
        campaignId,
        pair.id,
        { type: "save", answers: { bench: { value: `${run}-${n}` } } },
        `${run}-${n}`
      );
      latencies.push(performance.now() - t);
      return result.ok;
    })
  );
  const seconds = (performance.now() - started) / 1000;
  const stored = await benchAnswers(context, viewer.company.id, pairs.map((p) => p.id));
  const byId = new Map(stored.map((r) => [r.id, r.value]));
  const lost = pairs.filter((p, n) => byId.get(p.id) !== `${run}-${n}`).length;
  latencies.sort((a, b) => a - b);
  return {
    mode: "autosave",
    reviewers: new Set(pairs.map((p) => p.reviewer_id)).size,
    saves: pairs.length,
    applied: answers.filter(Boolean).length,
    lost,
    seconds,
    p95: latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.95))] ?? 0,
  };
}
