import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { z } from "zod";
import { d1Statement, type Db } from "~/db/client.server";
import { sharedCopy } from "~/lib/copy";
import { redirectWithToast } from "~/lib/toast.server";
import { feedbackAboutPerson } from "~/modules/access/feedback.server";
import { personOfUser, type Viewer } from "~/modules/auth/session.server";
import { FEEDBACK_KIND_TITLES } from "~/modules/feedback/loop-types";
import type { TagCatalogue } from "~/modules/feedback/give";
import { tagCatalogue } from "~/modules/feedback/give.server";
import type { ProfileBaseKind } from "~/modules/org/profile-tabs";
import { loadProfile, type ProfileBase } from "~/modules/org/profile.server";
import { queueReportAnswer, type ReportBuilder, type ReportBuilders, type ReportRow } from "~/modules/reports/generated.server";
import { PDF_CONTENT_TYPE, renderPdf } from "~/modules/reports/pdf.server";
import { FeedbackReportDocument } from "./components/feedback-report-document";
import { EMPTY_FEEDBACK_FILTERS, FEEDBACK_LIST_LIMIT, feedbackListQuery, parseFeedbackListFilters, type FeedbackListFilters } from "./feedback-list";
import { feedbackDetails, filterConditions, loadFeedbackCatalogue } from "./feedback-list.server";
import type { ProfileTabArgs } from "./tab-args";

/**
 * The Feedback tab's Download (002 §2.5, §7 "PDF download takes viewee id, feedback_id list…"):
 * the rows the requester sees with the tab's filters are fixed as a list of ids when it is asked
 * for, and the queued report prints exactly those, read again through the requester's access
 * (feedbackAboutPerson) so an item they lost meanwhile is left out. The file is for whoever may
 * still open that profile (the same base: my profile, my team, my groups, organization users) and
 * see every item in it; an anonymous item names no one in it, as on the page.
 */

const ID = z.string().min(1).max(200);
const PROFILE_BASE_KINDS = ["my-profile", "my-team", "my-groups", "org-users"] as const satisfies readonly ProfileBaseKind[];
export const FeedbackReportScope = z.object({
  personId: ID,
  base: z.object({ kind: z.enum(PROFILE_BASE_KINDS), relationshipId: ID.optional(), groupId: ID.optional() }),
  query: z.string().max(4000),
  feedbackIds: z.array(ID).max(FEEDBACK_LIST_LIMIT),
});
export type FeedbackReportScope = z.infer<typeof FeedbackReportScope>;

function profileBase(base: FeedbackReportScope["base"]): ProfileBase | null {
  switch (base.kind) {
    case "my-team":
      return base.relationshipId ? { kind: "my-team", relationshipId: base.relationshipId } : null;
    case "my-groups":
      return base.groupId ? { kind: "my-groups", groupId: base.groupId } : null;
    default:
      return { kind: base.kind };
  }
}

function scopeOf(report: Pick<ReportRow, "scope">): FeedbackReportScope | null {
  const parsed = FeedbackReportScope.safeParse(report.scope);
  return parsed.success ? parsed.data : null;
}

/** The filters as the PDF's header lists them, names for ids. */
export function filterSummary(filters: FeedbackListFilters, catalogue: readonly TagCatalogue[], senderName: string | null) {
  const words = sharedCopy.feedbackList;
  const competency = catalogue.find((c) => c.id === filters.competency);
  const behaviour = catalogue.flatMap((c) => c.behaviours).find((b) => b.id === filters.behaviour);
  const out: Array<{ label: string; value: string }> = [];
  if (filters.search) out.push({ label: words.searchLabel, value: filters.search });
  if (filters.startDate) out.push({ label: words.startDate, value: filters.startDate });
  if (filters.endDate) out.push({ label: words.endDate, value: filters.endDate });
  if (filters.feedbackType) out.push({ label: words.feedbackType, value: FEEDBACK_KIND_TITLES[filters.feedbackType] });
  if (filters.member && senderName) out.push({ label: words.sender, value: senderName });
  if (competency) out.push({ label: words.competency, value: competency.name });
  if (behaviour) out.push({ label: words.behaviour, value: behaviour.name });
  if (filters.behaviourType) out.push({ label: words.behaviourType, value: words[filters.behaviourType] });
  return out;
}

export function feedbackFileName(personName: string) {
  const base = sharedCopy.feedbackList
    .reportTitle(personName)
    // eslint-disable-next-line no-control-regex
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 150);
  return `${base || "Feedback"}.pdf`;
}

/** The PDF's HTML: a whole document. */
export function feedbackReportHtml(props: Omit<Parameters<typeof FeedbackReportDocument>[0], "words" | "noFeedback">) {
  return `<!DOCTYPE html>${renderToStaticMarkup(
    createElement(FeedbackReportDocument, { ...props, words: sharedCopy.feedbackList, noFeedback: sharedCopy.noFeedback })
  )}`;
}

/** The report's content, read for the requester as they are now. */
export async function feedbackReportContent(db: Db, report: ReportRow) {
  const scope = scopeOf(report);
  if (!scope) throw new Error(`feedback-pdf ${report.id}: scope is not {personId, base, query, feedbackIds}`);
  const requester = await personOfUser(db, report.companyId, report.requestedBy);
  const base = profileBase(scope.base);
  const profile = requester && base ? await loadProfile(db, requester, scope.personId, base) : null;
  // The requester is gone or lost the profile: retried, then they are told it could not be made.
  if (!requester || !profile) throw new Error(`feedback-pdf ${report.id}: the requester may no longer open this profile`);
  const catalogue = await tagCatalogue(db, report.companyId);
  const items = await feedbackDetails(db, requester, scope.personId, EMPTY_FEEDBACK_FILTERS, catalogue, scope.feedbackIds);
  const filters = parseFeedbackListFilters(new URLSearchParams(scope.query));
  const sender = filters.member
    ? await db.$client.prepare("SELECT name FROM users WHERE company_id = ? AND id = ?").bind(report.companyId, filters.member).first<{ name: string }>()
    : null;
  return {
    personName: profile.person.name,
    cc: profile.managers.map((m) => m.name),
    filters: filterSummary(filters, catalogue, sender?.name ?? null),
    items,
  };
}

async function mayView(context: AppLoadContext, viewer: Viewer, report: ReportRow): Promise<boolean> {
  const scope = scopeOf(report);
  const base = scope && profileBase(scope.base);
  if (!scope || !base) return false;
  if (!(await loadProfile(context.db, viewer, scope.personId, base))) return false;
  // Every item of the file must be one the viewer may see about that person now.
  const hidden = await d1Statement(
    context.db,
    sql`SELECT count(*) AS n FROM feedback_items fi WHERE fi.company_id = ${viewer.company.id}
      AND fi.id IN (SELECT value FROM json_each(${JSON.stringify(scope.feedbackIds)}))
      AND NOT ${feedbackAboutPerson(viewer, scope.personId)}`
  ).first<{ n: number }>();
  return (hidden?.n ?? 1) === 0;
}

export const feedbackPdfBuilder: ReportBuilder = {
  async build(env, db, report) {
    const content = await feedbackReportContent(db, report);
    const pdf = await renderPdf(env, feedbackReportHtml({ ...content, generatedAt: report.createdAt.getTime() }));
    return { name: feedbackFileName(content.personName), contentType: PDF_CONTENT_TYPE, body: pdf };
  },
  mayView,
};

/** The profile's feedback report queued (app/report-builders.server.ts lists every area's). */
export const FEEDBACK_REPORT_BUILDERS = { "feedback-pdf": feedbackPdfBuilder } satisfies Partial<ReportBuilders>;

/**
 * The tab's Download form (intent "download-feedback"): the rows of the posted filters, as the
 * tab shows them to this viewer, queued as one PDF; back to the tab with the same filters and
 * 'Report will be emailed once completed'. Nothing to print: 'No feedback available!' and nothing queued.
 */
export async function downloadFeedback(args: ProfileTabArgs, query: string): Promise<Response> {
  const db = args.context.db;
  const personId = args.person.id;
  const catalogue = await loadFeedbackCatalogue(db, args.viewer, personId);
  const filters = parseFeedbackListFilters(new URLSearchParams(query), {
    competencies: catalogue.competencies,
    senderIds: catalogue.senders ? catalogue.senders.map((s) => s.id) : null,
  });
  const kept = feedbackListQuery(filters).toString();
  const back = `${args.basePath}/feedback${kept ? `?${kept}` : ""}`;
  const request = args.request;
  const { results } = await d1Statement(
    db,
    sql`SELECT fi.id AS id FROM feedback_items fi LEFT JOIN users su ON fi.anonymous = 0 AND su.id = fi.sender_id AND su.company_id = fi.company_id
      WHERE ${sql.join([feedbackAboutPerson(args.viewer, personId), ...filterConditions(args.viewer, filters)], sql` AND `)}
      ORDER BY fi.sent_at DESC, fi.id DESC LIMIT ${FEEDBACK_LIST_LIMIT}`
  ).all<{ id: string }>();
  if (results.length === 0) {
    return redirectWithToast(back, { type: "error", message: sharedCopy.noFeedback }, { request });
  }
  const scope: FeedbackReportScope = {
    personId,
    base: {
      kind: args.kind,
      ...(args.relationshipId ? { relationshipId: args.relationshipId } : {}),
      ...(args.groupId ? { groupId: args.groupId } : {}),
    },
    query: kept,
    feedbackIds: results.map((r) => r.id),
  };
  return queueReportAnswer(
    args.context,
    args.viewer,
    { kind: "feedback-pdf", title: sharedCopy.feedbackList.reportTitle(args.person.name), scope },
    { request, back }
  );
}
