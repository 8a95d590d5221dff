import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { feedbackCompetencyCounts, feedbackDailyCounts, feedbackItems } from "~/db/schema";
import type { Writes } from "~/db/write-plan";
import type { CompetencyIncrement, DailyCountField, DailyIncrement, FeedbackItemRow } from "./item-record";

/**
 * The statements that write feedback (item-record.ts) into D1: the item rows and the count
 * increments summed per row and turned into upserts, for the caller's one batch. D1 binds at most
 * 100 parameters a statement, so rows are inserted a few at a time.
 */

const DAILY_FIELDS: DailyCountField[] = ["sent", "received", "requested", "praiseSent", "praiseReceived"];
// An item row binds 27 values, a daily row 8, a competency row 7.
const ITEMS_PER_INSERT = 3;
const DAILY_PER_INSERT = 12;
const COMPETENCY_PER_INSERT = 14;

const chunks = <T>(rows: T[], size: number) => Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, i * size + size));

export function itemInserts(db: Db, items: FeedbackItemRow[]): Writes {
  return chunks(items, ITEMS_PER_INSERT).map((rows) => db.insert(feedbackItems).values(rows));
}

/** Upserts adding the increments to the per-person per-day and per-competency counts. */
export function countUpserts(db: Db, daily: DailyIncrement[], competencies: CompetencyIncrement[]): Writes {
  const writes: Writes = [];
  const days = new Map<string, typeof feedbackDailyCounts.$inferInsert>();
  for (const d of daily) {
    const key = JSON.stringify([d.companyId, d.userId, d.day]);
    const row = days.get(key) ?? { companyId: d.companyId, userId: d.userId, day: d.day, sent: 0, received: 0, requested: 0, praiseSent: 0, praiseReceived: 0 };
    row[d.field] = (row[d.field] ?? 0) + 1;
    days.set(key, row);
  }
  const t = feedbackDailyCounts;
  for (const rows of chunks([...days.values()], DAILY_PER_INSERT)) {
    writes.push(
      db
        .insert(t)
        .values(rows)
        .onConflictDoUpdate({
          target: [t.companyId, t.userId, t.day],
          set: Object.fromEntries(DAILY_FIELDS.map((f) => [f, sql`${t[f]} + excluded.${sql.identifier(t[f].name)}`])),
        })
    );
  }
  const tags = new Map<string, typeof feedbackCompetencyCounts.$inferInsert>();
  for (const c of competencies) {
    const key = JSON.stringify([c.companyId, c.userId, c.day, c.competencyId, c.behaviourId, c.behaviourType]);
    const row = tags.get(key) ?? { ...c, count: 0 };
    row.count = (row.count ?? 0) + 1;
    tags.set(key, row);
  }
  const c = feedbackCompetencyCounts;
  for (const rows of chunks([...tags.values()], COMPETENCY_PER_INSERT)) {
    writes.push(
      db
        .insert(c)
        .values(rows)
        .onConflictDoUpdate({
          target: [c.companyId, c.userId, c.day, c.competencyId, c.behaviourId, c.behaviourType],
          set: { count: sql`${c.count} + excluded.count` },
        })
    );
  }
  return writes;
}
