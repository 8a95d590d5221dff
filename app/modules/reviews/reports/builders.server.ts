import type { ReportBuilders } from "~/modules/reports/generated.server";
import { bulkXlsxBuilder } from "./bulk-report.server";
import { pairXlsxBuilder, statusXlsxBuilder } from "./review-files.server";
import { revieweePdfBuilder, revieweeXlsxBuilder } from "./reviewee-report-files.server";

/** The review reports that are queued as files, and how each is made (app/report-builders.server.ts lists every area's). */
export const REVIEW_REPORT_BUILDERS = {
  "reviewee-pdf": revieweePdfBuilder,
  "reviewee-xlsx": revieweeXlsxBuilder,
  "bulk-xlsx": bulkXlsxBuilder,
  "pair-xlsx": pairXlsxBuilder,
  "status-xlsx": statusXlsxBuilder,
} satisfies Partial<ReportBuilders>;
