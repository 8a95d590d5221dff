import { env } from "cloudflare:workers";
import { createDb } from "~/db/client.server";
import { feedbackLoopPairs, feedbackLoopRuns, feedbackLoops } from "~/db/schema";
import type { LoopBlock } from "~/modules/feedback/feedback-blocks";
import type { FeedbackFor, FeedbackFormat, LoopPair, LoopType } from "~/modules/feedback/loop-types";

/**
 * A launched loop with one run and its pairs, inserted directly (launching is built elsewhere),
 * for the giving pages' tests.
 */
export interface LoopFixture {
  companyId?: string;
  workflowType?: LoopType;
  feedbackFor?: FeedbackFor | null;
  anonymous?: boolean;
  templateFormat?: FeedbackFormat | null;
  blocks?: LoopBlock[];
  hideCompetencySelector?: boolean;
  pairs: LoopPair[];
  deadlineAt?: Date;
  state?: "open" | "closed";
  title?: string;
  templateType?: "feedback" | "one-on-one";
}

export async function insertLoopRun(f: LoopFixture): Promise<{ loopId: string; runId: string }> {
  const db = createDb(env.DB);
  const loopId = `fb-${crypto.randomUUID()}`;
  const runId = `fr-${crypto.randomUUID()}`;
  const companyId = f.companyId ?? "c-acme";
  const now = Date.now();
  const deadlineAt = f.deadlineAt ?? new Date(now + 7 * 86_400_000);
  await db.insert(feedbackLoops).values({
    id: loopId,
    companyId,
    libraryLoopId: `fl-${loopId}`,
    templateType: f.templateType ?? "feedback",
    templateName: "Test template",
    templateFormat: f.templateFormat === undefined ? "SBI" : f.templateFormat,
    title: f.title ?? "Quarterly feedback",
    workflowType: f.workflowType ?? "direct-feedback",
    feedbackFor: f.feedbackFor === undefined ? "manually-define" : f.feedbackFor,
    audienceType: "users",
    anonymous: f.anonymous ?? false,
    delivery: "dm-only",
    blocks: f.blocks ?? [],
    hideCompetencySelector: f.hideCompetencySelector ?? false,
    startAt: new Date(now - 86_400_000),
    runSpanMs: deadlineAt.getTime() - now,
    state: "live",
    runCount: 1,
    pairCount: f.pairs.length,
  });
  await db.insert(feedbackLoopRuns).values({
    id: runId,
    companyId,
    loopId,
    sequence: 1,
    state: f.state ?? "open",
    startedAt: new Date(now - 86_400_000),
    deadlineAt,
    pairCount: f.pairs.length,
  });
  for (let i = 0; i < f.pairs.length; i += 10) {
    await db
      .insert(feedbackLoopPairs)
      .values(f.pairs.slice(i, i + 10).map((p) => ({ companyId, loopId, runId, senderId: p.senderId, receiverId: p.receiverId })));
  }
  return { loopId, runId };
}

export const SBI = {
  situationText: "In Tuesday's planning meeting",
  behaviorText: "you summarised the trade-offs clearly",
  impactText: "we decided in ten minutes",
  sbiNextStepText: "Keep doing it in the review too",
};

export async function count(query: string, ...binds: unknown[]): Promise<number> {
  const row = await env.DB.prepare(query).bind(...binds).first<{ n: number }>();
  return row?.n ?? 0;
}
