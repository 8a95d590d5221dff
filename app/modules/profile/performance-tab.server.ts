import { hasPermission } from "~/lib/permissions/names";
import { mayNameAnonymousReviewers } from "~/modules/access/review-reports.server";
import type { RevieweeReportData } from "~/modules/reviews/reports/reviewee-report";
import { asReporter, loadRevieweeReport, MAX_REPORT_REVIEWS, type ReviewOption } from "~/modules/reviews/reports/reviewee-report.server";
import { CAMPAIGN_PARAM } from "./performance";
import type { ProfileTabArgs } from "./tab-args";

export interface PerformanceTabData {
  /** The person's review campaigns with completed reviews of them, newest first. */
  campaigns: ReviewOption[];
  /** The campaign the tab is narrowed to; null: every campaign (the newest MAX_REPORT_REVIEWS). */
  selected: string | null;
  /** The scores, exactly as the per-reviewee report computes them for the same campaigns. */
  report: RevieweeReportData | null;
  /** More campaigns than one report holds: the scores cover the newest `limit` of them. */
  limit: number | null;
}

/**
 * The Performance tab (002 §2.6): the person's review campaigns and their competency and
 * behaviour scores. It is the per-reviewee report of /reviews/reports/reviewee for the same
 * campaigns, read by the same code under the report page's access rule and naming rule (so an
 * anonymous review below the company's floor is withheld here exactly as there) — the figures are
 * equal by construction. The tab itself is gated by ViewPerformanceTab (profileTabs).
 */
export async function loadPerformanceTab(args: ProfileTabArgs): Promise<PerformanceTabData> {
  const { context, viewer, person } = args;
  // The route and the tab list already hold to this; the figures never leave without it either way.
  if (args.isOwn || !hasPermission(viewer.permissions, "ViewPerformanceTab"))
    return { campaigns: [], selected: null, report: null, limit: null };
  const base = {
    companyId: viewer.company.id,
    revieweeId: person.id,
    rule: asReporter(viewer),
    nameAnonymous: mayNameAnonymousReviewers(viewer),
    orderSecret: context.config.sessionSecret,
  };
  const listed = await loadRevieweeReport(context.db, {
    ...base,
    campaignIds: [],
    withOptions: true,
  });
  const campaigns = (listed?.reviews ?? []).filter((r) => r.completed > 0);
  if (campaigns.length === 0) return { campaigns, selected: null, report: null, limit: null };

  // An unknown or foreign campaign id in the address is ignored, like any other filter value.
  const asked = args.url.searchParams.get(CAMPAIGN_PARAM);
  const selected = campaigns.some((c) => c.id === asked) ? asked : null;
  const ids = selected ? [selected] : campaigns.slice(0, MAX_REPORT_REVIEWS).map((c) => c.id);
  const loaded = await loadRevieweeReport(context.db, {
    ...base,
    campaignIds: ids,
  });
  return {
    campaigns,
    selected,
    report: loaded?.report ?? null,
    limit: !selected && campaigns.length > MAX_REPORT_REVIEWS ? MAX_REPORT_REVIEWS : null,
  };
}
