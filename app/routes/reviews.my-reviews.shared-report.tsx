import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { sharedReport } from "~/modules/reviews/reports/reviewee-report.server";
import { SharedReportPage } from "~/modules/reviews/components/shared-report-page";

/**
 * /reviews/my-reviews/shared-reports/:shareId ("Shared with me"): a review report shared
 * with the viewer, read-only: the per-reviewee report of that one review and reviewee. Anyone
 * the share is not for (another person, another company) gets a 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewMyReviewsPage");
  const shareId = params.shareId ?? "";
  if (!shareId || shareId.length > 100) throw new Response("Not Found", { status: 404 });
  const shared = await sharedReport(context.cloudflare.env.DB, viewer, shareId, context.config.sessionSecret);
  if (!shared) throw new Response("Not Found", { status: 404 });
  return data({ ...shared, crumbLabels: { shareId: shared.share.title } }, { headers: { "Cache-Control": "private, no-store" } });
}

export const meta = pageMeta;

export default function SharedReport() {
  return <SharedReportPage data={useLoaderData<typeof loader>()} />;
}
