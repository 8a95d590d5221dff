import { Link, type useLoaderData } from "@remix-run/react";
import { RevieweeReportView } from "~/modules/reviews/components/reviewee-report-view";
import type { sharedReport } from "~/modules/reviews/reports/reviewee-report.server";
import { utcDay } from "~/ui/format";
import { PageHeader } from "~/ui/page-header";

type Data = ReturnType<typeof useLoaderData<() => NonNullable<Awaited<ReturnType<typeof sharedReport>>>>>;

/** A review report shared with the viewer ("Shared with me"), read-only. */
export function SharedReportPage({ data }: { data: Data }) {
  const { share, report } = data;
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
