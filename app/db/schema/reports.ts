import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companyId, createdAt, id } from "./columns";

/**
 * Review reports (000 §2 "Review reports", "Share-report dialog").
 *
 * A report is one reviewee in one review (campaign). Sharing it gives a person read access to
 * that report (My Reviews, "Shared with me"); one row per (campaign, reviewee, person).
 */
export const reportShares = sqliteTable(
  "report_shares",
  {
    id: id(),
    companyId: companyId(),
    campaignId: text("campaign_id").notNull(),
    revieweeId: text("reviewee_id").notNull(),
    userId: text("user_id").notNull(),
    sharedBy: text("shared_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("report_shares_unique").on(t.campaignId, t.revieweeId, t.userId),
    index("report_shares_user").on(t.companyId, t.userId, t.createdAt),
  ]
);

export const REPORT_KINDS = ["reviewee-pdf", "reviewee-xlsx", "bulk-xlsx", "pair-xlsx", "status-xlsx", "survey-pdf", "insights-pdf", "feedback-pdf", "data-studio-xlsx"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_STATES = ["queued", "ready", "failed"] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/**
 * A requested report file (queued generation). The row is written when the request is queued; the
 * queue consumer renders the file under R2 key `fileKey(company, id)` and the `files` row with the
 * same id, so a redelivered message overwrites the same object and finds the row already there:
 * one file per request. `scope` holds what the report covers (campaign ids, reviewee id, pair ids,
 * run id) and is checked again when the file is downloaded.
 */
export const generatedReports = sqliteTable(
  "generated_reports",
  {
    id: id(),
    companyId: companyId(),
    requestedBy: text("requested_by").notNull(),
    kind: text("kind").$type<ReportKind>().notNull(),
    title: text("title").notNull(),
    scope: text("scope", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    state: text("state").$type<ReportState>().notNull().default("queued"),
    fileId: text("file_id"),
    error: text("error"),
    createdAt: createdAt(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("generated_reports_requester").on(t.companyId, t.requestedBy, t.createdAt)]
);
