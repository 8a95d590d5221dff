import type { ReportKind } from "~/db/schema";
import type { ReportBuilder } from "./generated.server";
import { bulkXlsxBuilder } from "./bulk-report.server";
import { pairXlsxBuilder, statusXlsxBuilder } from "./review-files.server";
import { revieweePdfBuilder, revieweeXlsxBuilder } from "./reviewee-report-files.server";
import { surveyPdfBuilder } from "./survey-report-files.server";

/** Every kind of queued report and how it is made (app/modules/reports/generated.server.ts). */
export const REPORT_BUILDERS: Record<ReportKind, ReportBuilder> = {
  "reviewee-pdf": revieweePdfBuilder,
  "reviewee-xlsx": revieweeXlsxBuilder,
  "bulk-xlsx": bulkXlsxBuilder,
  "pair-xlsx": pairXlsxBuilder,
  "status-xlsx": statusXlsxBuilder,
  "survey-pdf": surveyPdfBuilder,
};
