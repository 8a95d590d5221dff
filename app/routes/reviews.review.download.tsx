/** The review's status report (XLSX) and a requested pair report's file; checks live in the module. */
export { reviewDownloadLoader as loader } from "~/modules/reviews/review-detail.server";
