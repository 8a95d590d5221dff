import type { AppLoadContext } from "@remix-run/cloudflare";
import { stableDigest } from "~/lib/digest.server";
import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { d1Statement } from "~/db/client.server";
import { reportShares } from "~/db/schema";
import type { Viewer } from "~/modules/auth/session.server";
import { prepareNotify } from "~/modules/notifications/notify.server";
import { reportAccess, REPORTED_STATES } from "~/modules/access/review-reports.server";
import { sharedReportPath } from "./reviewee-report";
import {
  CHOOSE_SOMEONE,
  MAX_SHARE_PEOPLE,
  MAX_SHARE_REPORTS,
  MAX_SHARES,
  SHARE_DONE,
  SHARE_DONE_MANY,
  TOO_MANY_SHARES,
  type ReportRef,
  type SharePerson,
} from "./share.schema";

/**
 * Sharing review reports (000 §2 "Share-report dialog"): a holder of ViewReviewReports
 * gives people of their company read access to reports they may see themselves; each person
 * finds them in My Reviews, "Shared with me", and is told with a message. Used by the
 * per-reviewee report and by the report table (row Share icon and Bulk Share).
 *
 * In the route's action:
 *   const submission = parseWithZod(formData, { schema: ShareReportSchema });   // share.schema.ts
 *   if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
 *   const { report: reports, userIds } = submission.value;
 *   const outcome = await shareReports(context, viewer, { reports, userIds });
 *   if (!outcome.ok && outcome.reason === "not-found") throw new Response("Not Found", { status: 404 });
 *   if (!outcome.ok) return data({ result: submission.reply({ fieldErrors: { userIds: [outcome.message] } }) }, { status: 400 });
 *   return redirectWithToast(back, { type: "success", message: outcome.message }, { request });
 */

export type ShareOutcome =
  | { ok: true; message: string; /** Share rows written (already shared ones are not written again). */ shared: number }
  | { ok: false; reason: "empty" | "not-found"; message: string };

/** Share ids are made from what they share, so sharing again finds the same row (and the same link). */
const shareId = async (company: string, ref: ReportRef, userId: string) =>
  `rs-${await stableDigest(`${company}\n${ref.campaignId}\n${ref.revieweeId}\n${userId}`)}`;

// report_shares binds 7 parameters a row; D1 allows 100 a statement.
const SHARE_ROWS_PER_INSERT = 14;

/**
 * Shares each report with each person. Refused, with nothing written: an empty choice of people
 * ("empty"); a report the viewer may not see, or that is not one reviewee in one live or closed
 * review of their company, or a person who is not an active member of it ("not-found", a 404).
 * The share rows and the messages are one D1 batch.
 */
export async function shareReports(
  context: AppLoadContext,
  viewer: Viewer,
  input: { reports: readonly ReportRef[]; userIds: readonly string[] }
): Promise<ShareOutcome> {
  const company = viewer.company.id;
  const userIds = [...new Set(input.userIds)];
  if (userIds.length === 0) return { ok: false, reason: "empty", message: CHOOSE_SOMEONE };
  const keyOf = (r: ReportRef) => `${r.campaignId}\n${r.revieweeId}`;
  const reports = [...new Map(input.reports.map((r) => [keyOf(r), r])).values()];
  const notFound = { ok: false, reason: "not-found", message: "Not Found" } as const;
  if (reports.length === 0 || reports.length > MAX_SHARE_REPORTS || userIds.length > MAX_SHARE_PEOPLE) return notFound;
  if (!viewer.permissions.includes("ViewReviewReports")) return notFound;
  if (reports.length * userIds.length > MAX_SHARES) return { ok: false, reason: "empty", message: TOO_MANY_SHARES };

  const db = context.db;
  const refs = JSON.stringify(reports.map((r) => [r.campaignId, r.revieweeId]));
  const [visible, people] = await db.$client.batch([
    d1Statement(
      db,
      sql`
        SELECT c.id AS campaign_id, u.id AS reviewee_id, c.title AS title, u.name AS reviewee
        FROM json_each(${refs}) r
        JOIN review_campaigns c ON c.id = json_extract(r.value, '$[0]') AND c.company_id = ${company} AND c.state IN ${REPORTED_STATES}
        JOIN users u ON u.id = json_extract(r.value, '$[1]') AND u.company_id = ${company}
        WHERE EXISTS (SELECT 1 FROM review_pairs p WHERE p.company_id = ${company} AND p.campaign_id = c.id AND p.reviewee_id = u.id)
          AND ${reportAccess(viewer, sql.raw("c"), sql.raw("u.id"))}`
    ),
    d1Statement(
      db,
      sql`SELECT u.id AS id, u.name AS name FROM users u
        WHERE u.company_id = ${company} AND u.is_deleted = 0 AND u.id IN (SELECT value FROM json_each(${JSON.stringify(userIds)}))`
    ),
  ]);
  const found = (visible.results ?? []) as Array<{ campaign_id: string; reviewee_id: string; title: string; reviewee: string }>;
  const recipients = (people.results ?? []) as Array<{ id: string; name: string }>;
  if (new Set(found.map((f) => `${f.campaign_id}\n${f.reviewee_id}`)).size !== reports.length) return notFound;
  if (recipients.length !== userIds.length) return notFound;

  const createdAt = new Date();
  const rows = await Promise.all(
    reports.flatMap((ref) =>
      userIds.map(async (userId) => ({
        id: await shareId(company, ref, userId),
        companyId: company,
        campaignId: ref.campaignId,
        revieweeId: ref.revieweeId,
        userId,
        sharedBy: viewer.user.id,
        createdAt,
      }))
    )
  );
  const writes: BatchItem<"sqlite">[] = [];
  for (let i = 0; i < rows.length; i += SHARE_ROWS_PER_INSERT) {
    writes.push(
      db
        .insert(reportShares)
        .values(rows.slice(i, i + SHARE_ROWS_PER_INSERT))
        .onConflictDoNothing()
        .returning({ id: reportShares.id })
    );
  }

  // One message per person: with one report it opens the report; with several, the list of them.
  const subject = `${viewer.user.name} shared ${reports.length === 1 ? "a review report" : `${reports.length} review reports`} with you`;
  const named = found.slice(0, 5).map((f) => `${f.reviewee} (${f.title})`);
  const body =
    reports.length === 1
      ? `${viewer.user.name} shared the report of ${named[0]} with you.`
      : `${viewer.user.name} shared the reports of ${named.join(", ")}${
          reports.length > 5 ? ` and ${reports.length - 5} more` : ""
        } with you.`;
  const platform = viewer.company.platform;
  if (reports.length === 1) {
    for (const row of rows) {
      writes.push(
        ...(await prepareNotify(db, {
          companyId: company,
          recipientUserIds: [row.userId],
          kind: "report",
          subject,
          body,
          link: sharedReportPath(row.id),
          dedupeKey: `report-share:${row.id}`,
          platform,
        }))
      );
    }
  } else {
    writes.push(
      ...(await prepareNotify(db, {
        companyId: company,
        recipientUserIds: userIds,
        kind: "report",
        subject,
        body,
        link: "/reviews/my-reviews?tab=shared",
        dedupeKey: `report-shares:${await stableDigest(
          rows
            .map((r) => r.id)
            .sort()
            .join(",")
        )}`,
        platform,
      }))
    );
  }
  const results = (await db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown[];
  const written = results
    .slice(0, Math.ceil(rows.length / SHARE_ROWS_PER_INSERT))
    .reduce<number>((n, r) => n + (Array.isArray(r) ? r.length : 0), 0);
  return { ok: true, message: reports.length === 1 ? SHARE_DONE : SHARE_DONE_MANY, shared: written };
}

const SHARE_PEOPLE_SHOWN = 50;

/**
 * People the dialog offers: active members of the viewer's company, not the viewer, whose name or
 * e-mail contains `q`, by name; plus the people already chosen (kept across a search without
 * JavaScript), whatever `q` is.
 */
export async function sharePeople(context: AppLoadContext, viewer: Viewer, q: string, chosenIds: readonly string[] = []) {
  const like = `%${q
    .trim()
    .toLowerCase()
    .slice(0, 100)
    .replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  const company = viewer.company.id;
  const chosen = JSON.stringify([...new Set(chosenIds)].slice(0, MAX_SHARE_PEOPLE));
  const db = context.db;
  const [matches, picked] = await db.$client.batch([
    d1Statement(
      db,
      sql`SELECT u.id AS id, u.name AS name, u.title AS title, u.email AS email FROM users u
        WHERE u.company_id = ${company} AND u.is_deleted = 0 AND u.id <> ${viewer.user.id}
          AND (lower(u.name) LIKE ${like} ESCAPE '\\' OR lower(u.email) LIKE ${like} ESCAPE '\\')
        ORDER BY u.name COLLATE NOCASE, u.id LIMIT ${SHARE_PEOPLE_SHOWN}`
    ),
    d1Statement(
      db,
      sql`SELECT u.id AS id, u.name AS name, u.title AS title, u.email AS email FROM users u
        WHERE u.company_id = ${company} AND u.is_deleted = 0 AND u.id IN (SELECT value FROM json_each(${chosen}))
        ORDER BY u.name COLLATE NOCASE, u.id`
    ),
  ]);
  return { people: (matches.results ?? []) as SharePerson[], chosen: (picked.results ?? []) as SharePerson[] };
}
