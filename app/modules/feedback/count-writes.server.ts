import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { feedbackCompanyCompetencyCounts, feedbackCompetencyCounts, feedbackDailyCounts, feedbackItems, feedbackRunningCounts } from "~/db/schema";
import type { Writes } from "~/db/write-plan";
import type { CompetencyIncrement, DailyCountField, DailyIncrement, FeedbackItemRow } from "./item-record";

/**
 * The statements that write feedback (item-record.ts) into D1: the item rows and the count
 * increments summed per row and turned into upserts, for the caller's one batch. D1 binds at most
 * 100 parameters a statement, so rows are inserted a few at a time.
 *
 * `countUpserts` is the one place feedback counts are written, so it also brings the insights'
 * roll-ups up to date in the same batch (statements of a batch run in order, in one transaction):
 * the running totals of the people whose daily counts moved are recomputed from their daily rows
 * (from the earliest day that moved on), and the company's competency counts get the same
 * increments summed per key.
 */

const DAILY_FIELDS: DailyCountField[] = ["sent", "received", "requested", "praiseSent", "praiseReceived"];
// An item row binds 27 values, a daily row 8, a competency row 7.
const ITEMS_PER_INSERT = 3;
const DAILY_PER_INSERT = 12;
const COMPETENCY_PER_INSERT = 14;
// A company competency row binds 6; the running totals bind a JSON list of people, so any number fits.
const COMPANY_COMPETENCY_PER_INSERT = 16;
const PEOPLE_PER_RUNNING_UPDATE = 80;

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
  writes.push(...runningCountUpdates(db, daily));
  const company = new Map<string, typeof feedbackCompanyCompetencyCounts.$inferInsert>();
  for (const c of competencies) {
    const key = JSON.stringify([c.companyId, c.day, c.competencyId, c.behaviourId, c.behaviourType]);
    const row = company.get(key) ?? { companyId: c.companyId, day: c.day, competencyId: c.competencyId, behaviourId: c.behaviourId, behaviourType: c.behaviourType, count: 0 };
    row.count = (row.count ?? 0) + 1;
    company.set(key, row);
  }
  const cc = feedbackCompanyCompetencyCounts;
  for (const rows of chunks([...company.values()], COMPANY_COMPETENCY_PER_INSERT)) {
    writes.push(
      db
        .insert(cc)
        .values(rows)
        .onConflictDoUpdate({
          target: [cc.companyId, cc.day, cc.competencyId, cc.behaviourId, cc.behaviourType],
          set: { count: sql`${cc.count} + excluded.count` },
        })
    );
  }
  return writes;
}

/**
 * Rewrites the running totals of the people whose daily counts moved, from the earliest day that
 * moved to their last, as window sums over their daily rows. Set-based rather than incremental, so
 * it is right whatever the table held before and running it twice changes nothing.
 */
export function runningCountUpdates(db: Db, daily: Pick<DailyIncrement, "companyId" | "userId" | "day">[]): Writes {
  const byCompany = new Map<string, Map<string, string>>();
  for (const d of daily) {
    const people = byCompany.get(d.companyId) ?? new Map<string, string>();
    const earliest = people.get(d.userId);
    if (!earliest || d.day < earliest) people.set(d.userId, d.day);
    byCompany.set(d.companyId, people);
  }
  const writes: Writes = [];
  const r = feedbackRunningCounts;
  for (const [companyId, people] of byCompany) {
    for (const group of chunks([...people].sort(([, a], [, b]) => a.localeCompare(b)), PEOPLE_PER_RUNNING_UPDATE)) {
      const since = group[0][1];
      const ids = JSON.stringify(group.map(([id]) => id));
      writes.push(
        db
          .insert(r)
          .select(
            // The WHERE also tells SQLite the ON CONFLICT below belongs to the INSERT.
            sql`SELECT * FROM (
              SELECT company_id, user_id, day, sum(sent) OVER w, sum(received) OVER w, sum(requested) OVER w, sum(praise_sent) OVER w, sum(praise_received) OVER w
              FROM feedback_daily_counts WHERE company_id = ${companyId} AND user_id IN (SELECT value FROM json_each(${ids}))
              WINDOW w AS (PARTITION BY user_id ORDER BY day ROWS UNBOUNDED PRECEDING)
            ) WHERE day >= ${since}`
          )
          .onConflictDoUpdate({
            target: [r.companyId, r.userId, r.day],
            set: Object.fromEntries(DAILY_FIELDS.map((f) => [f, sql`excluded.${sql.identifier(r[f].name)}`])),
          })
      );
    }
  }
  return writes;
}
