import { DATA_STUDIO_REPORT_BUILDERS } from "~/modules/analytics/data-studio/download.server";
import { INSIGHTS_REPORT_BUILDERS } from "~/modules/insights/insights-report.server";
import { FEEDBACK_REPORT_BUILDERS } from "~/modules/profile/feedback-report.server";
import type { ReportBuilders } from "~/modules/reports/generated.server";
import { REVIEW_REPORT_BUILDERS } from "~/modules/reviews/reports/builders.server";
import { SURVEY_REPORT_BUILDERS } from "~/modules/surveys/survey-report-files.server";

/**
 * Every kind of queued report, from the areas that make them. The report machinery
 * (app/modules/reports) knows no area: the queue consumer and the download route hand it this
 * list. A kind added to REPORT_KINDS without a builder here fails the type check.
 */
export const REPORT_BUILDERS: ReportBuilders = {
  ...REVIEW_REPORT_BUILDERS,
  ...SURVEY_REPORT_BUILDERS,
  ...INSIGHTS_REPORT_BUILDERS,
  ...FEEDBACK_REPORT_BUILDERS,
  ...DATA_STUDIO_REPORT_BUILDERS,
};
