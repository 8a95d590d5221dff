import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { feedbackLoopPairs, feedbackLoopRuns, notificationOutbox } from "~/db/schema";

/**
 * The launch benchmark's reading of a launched loop's first run: its pairs and senders, and the
 * notifications written so far (rows, and people with more than one: there must be none).
 */
export async function launchStatus(db: Db, companyId: string, loopId: string) {
  const [run] = await db
    .select({ id: feedbackLoopRuns.id })
    .from(feedbackLoopRuns)
    .where(and(eq(feedbackLoopRuns.loopId, loopId), eq(feedbackLoopRuns.companyId, companyId), eq(feedbackLoopRuns.sequence, 1)))
    .limit(1);
  if (!run) return { runId: null, pairs: 0, senders: 0, notified: 0, notices: 0, duplicated: 0 };
  const from = `feedback-loop:${run.id}:`;
  const to = `feedback-loop:${run.id};`;
  const [[pairs], [notices]] = await db.batch([
    db
      .select({ pairs: sql<number>`count(*)`, senders: sql<number>`count(DISTINCT ${feedbackLoopPairs.senderId})` })
      .from(feedbackLoopPairs)
      .where(eq(feedbackLoopPairs.runId, run.id)),
    db
      .select({
        rows: sql<number>`count(*)`,
        people: sql<number>`count(DISTINCT ${notificationOutbox.recipientUserId})`,
      })
      .from(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.companyId, companyId),
          eq(notificationOutbox.kind, "feedback-loop"),
          sql`${notificationOutbox.dedupeKey} >= ${from} AND ${notificationOutbox.dedupeKey} < ${to}`
        )
      ),
  ]);
  return {
    runId: run.id,
    pairs: Number(pairs.pairs),
    senders: Number(pairs.senders),
    notified: Number(notices.people),
    notices: Number(notices.rows),
    duplicated: Number(notices.rows) - Number(notices.people),
  };
}
