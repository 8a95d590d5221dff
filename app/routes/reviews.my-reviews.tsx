import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { SHARED_REPORTS_LIMIT } from "~/modules/reviews/reports/reviewee-report.server";
import { MyReviewsPage } from "~/modules/reviews/components/my-reviews-page";
import { tabOf } from "~/modules/reviews/my-reviews";
import { myReviewList, myReviewResult, reportsSharedWithMe } from "~/modules/reviews/my-reviews.server";

/** The viewer's completed reviews in the chosen tab and, when one is asked for, its result (404 when not visible in that tab). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewMyReviewsPage");
  const url = new URL(request.url);
  const tab = tabOf(url.searchParams.get("tab"));
  const asked = url.searchParams.get("review")?.slice(0, 200) || null;
  const [list, result, reports] = await Promise.all([
    myReviewList(context, viewer, tab),
    asked ? myReviewResult(context, viewer, tab, asked) : Promise.resolve(null),
    tab === "shared" ? reportsSharedWithMe(context, viewer) : Promise.resolve(null),
  ]);
  if (asked && !result) throw new Response("Not Found", { status: 404 });
  return data({
    tab,
    items: list.items,
    more: list.more ? list.limit : 0,
    result,
    reports: reports?.items ?? [],
    moreReports: reports?.more ? SHARED_REPORTS_LIMIT : 0,
  });
}

export const meta = pageMeta;

export default function MyReviews() {
  return <MyReviewsPage data={useLoaderData<typeof loader>()} />;
}
