import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { RevieweeReportView } from "~/modules/reviews/components/reviewee-report-view";
import { sharedReport } from "~/modules/reviews/reports/reviewee-report.server";
import { utcDay } from "~/ui/format";
import { PageHeader } from "~/ui/page-header";

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
  const { share, report } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        title={`${share.revieweeName} — ${share.title}`}
        description={`Shared with you${share.sharedBy ? ` by ${share.sharedBy}` : ""} on ${utcDay(share.sharedAt)}.`}
        actions={
          <Link to="/reviews/my-reviews?tab=shared" className="text-sm font-medium text-indigo-700 hover:underline">
            Back to Shared with me
          </Link>
        }
      />
      <RevieweeReportView report={report} />
    </>
  );
}
