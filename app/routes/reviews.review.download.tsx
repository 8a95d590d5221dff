/**
 * The review's status report at once (the reviews list's Download) and a pair report made before
 * reports were queued (`?file=`, its requester only); checks live in the module.
 */
export { reviewDownloadLoader as loader } from "~/modules/reviews/review-detail.server";
