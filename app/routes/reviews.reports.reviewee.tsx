import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { mayNameAnonymousReviewers } from "~/modules/access/review-reports.server";
import { RevieweeReportView } from "~/modules/reviews/components/reviewee-report-view";
import { ShareReportDialog } from "~/modules/reviews/components/share-report-dialog";
import { queueReportAnswer } from "~/modules/reports/generated.server";
import {
  ANALYTICS_NOT_AVAILABLE,
  REVIEWEE_REPORT_PATH,
  revieweeReportPath,
  SELECT_REVIEWS_AND_REVIEWEE,
} from "~/modules/reviews/reports/reviewee-report";
import { DOWNLOAD_INTENT, RevieweeDownloadSchema } from "~/modules/reviews/reports/reviewee-report.schema";
import { asReporter, campaignIdsOf, reportHead, revieweeReportPage } from "~/modules/reviews/reports/reviewee-report.server";
import { asksPeopleSearch, peopleSearchUrl } from "~/modules/people/search";
import { normalQuery, searchPeople } from "~/modules/people/search.server";
import { SHARE_DIALOG_PARAM, SHARE_DIALOG_VALUE, SHARE_INTENT, SHARE_QUERY_PARAM, ShareReportSchema } from "~/modules/reviews/reports/share.schema";
import { sharePeople, shareReports } from "~/modules/reviews/reports/share.server";
import { buttonClass } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";
import { PeoplePicker } from "~/ui/people-picker";

const notFound = () => new Response("Not Found", { status: 404 });
/** The reviews checked in the form belong to this reviewee (a changed reviewee drops them). */
const FOR_PARAM = "for";
/** The reviewee picker's search field without JavaScript. */
const QUERY_PARAM = "revieweeQ";

/**
 * /reviews/reports/reviewee?revieweeId=&reviewIds=a,b (000 §2 "Per-reviewee report"):
 * pick a reviewee, then one or more of their reviews; the report shows competency and behaviour
 * analytics, the quantitative questions and the comments. Downloads (PDF, XLSX) are queued and
 * e-mailed; Share Report opens the share dialog (`?dialog=share`). Managers see their direct
 * reports only; another company's ids and reports the viewer may not see are a 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewReviewReports");
  const url = new URL(request.url);
  const revieweeId = url.searchParams.get("revieweeId")?.trim() || null;
  if (revieweeId && revieweeId.length > 100) throw notFound();
  let campaignIds = campaignIdsOf(url.searchParams.getAll("reviewIds"));
  if (campaignIds === null) throw notFound();
  const shownFor = url.searchParams.get(FOR_PARAM);
  if (!revieweeId || (shownFor !== null && shownFor !== revieweeId)) campaignIds = [];
  const page = await revieweeReportPage(context.db, viewer, {
    revieweeId,
    campaignIds,
    orderSecret: context.config.sessionSecret,
  });
  if (!page) throw notFound();
  const sharing = url.searchParams.get(SHARE_DIALOG_PARAM) === SHARE_DIALOG_VALUE && page.report && page.reviewee;
  const db = context.db;
  const [share, matches] = await Promise.all([
    sharing ? sharePeople(context, viewer, url.searchParams.get(SHARE_QUERY_PARAM) ?? "", url.searchParams.getAll("userIds")) : null,
    asksPeopleSearch(url.searchParams, QUERY_PARAM)
      ? searchPeople(db, viewer, "report-completed-reviewees", url.searchParams.get(QUERY_PARAM) ?? "")
      : null,
  ]);
  return data(
    {
      hasReviewees: page.hasReviewees,
      matches: { query: normalQuery(url.searchParams.get(QUERY_PARAM)), people: matches },
      reviewee: page.reviewee,
      reviews: page.reviews,
      campaignIds: page.report ? page.report.reviews.map((r) => r.id) : [],
      report: page.report,
      share: share ? { ...share, q: url.searchParams.get(SHARE_QUERY_PARAM) ?? "" } : null,
    },
    { headers: { "Cache-Control": "private, no-store" } }
  );
}

export const meta = pageMeta;

type ActionData = { intent: string; result: SubmissionResult<string[]> };

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewReviewReports");
  const formData = await request.formData();
  const intent = formData.get("intent");
  const db = context.db;
  if (intent === DOWNLOAD_INTENT) {
    const submission = parseWithZod(formData, { schema: RevieweeDownloadSchema });
    if (submission.status !== "success")
      return data({ intent: DOWNLOAD_INTENT, result: submission.reply() } as ActionData, { status: 400 });
    const { format, revieweeId } = submission.value;
    const ids = campaignIdsOf([submission.value.reviewIds]);
    if (!ids || ids.length === 0) throw notFound();
    const head = await reportHead(db, viewer, revieweeId, ids, asReporter(viewer));
    if (!head) throw notFound();
    return queueReportAnswer(
      context,
      viewer,
      {
        kind: format === "pdf" ? "reviewee-pdf" : "reviewee-xlsx",
        title: `${head.reviewee.name} - ${head.reviews.map((r) => r.title).join(", ")}`,
        scope: {
          revieweeId,
          campaignIds: head.reviews.map((r) => r.id),
          // The file names reviewers of anonymous reviews only for someone who may see them.
          nameReviewers: mayNameAnonymousReviewers(viewer),
        },
      },
      { request, back: revieweeReportPath(revieweeId, ids) }
    );
  }
  if (intent === SHARE_INTENT) {
    const submission = parseWithZod(formData, { schema: ShareReportSchema });
    if (submission.status !== "success") return data({ intent: SHARE_INTENT, result: submission.reply() } as ActionData, { status: 400 });
    const outcome = await shareReports(context, viewer, { reports: submission.value.report, userIds: submission.value.userIds });
    if (!outcome.ok && outcome.reason === "not-found") throw notFound();
    if (!outcome.ok) {
      return data({ intent: SHARE_INTENT, result: submission.reply({ fieldErrors: { userIds: [outcome.message] } }) } as ActionData, {
        status: 400,
      });
    }
    const first = submission.value.report[0];
    const ids = submission.value.report.filter((r) => r.revieweeId === first.revieweeId).map((r) => r.campaignId);
    return redirectWithToast(revieweeReportPath(first.revieweeId, ids), { type: "success", message: outcome.message }, { request });
  }
  throw new Response("Invalid intent", { status: 400 });
}

export default function RevieweeReportPage() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const report = d.report;
  const reportPath = d.reviewee && report ? revieweeReportPath(d.reviewee.id, d.campaignIds) : null;
  return (
    <>
      <PageHeader
        title="Reviewee Report"
        description="One reviewee's competency ratings, rated questions and comments across the reviews you choose."
        actions={
          reportPath && d.reviewee ? (
            <>
              <DownloadButton format="pdf" revieweeId={d.reviewee.id} reviewIds={d.campaignIds} />
              <DownloadButton format="xlsx" revieweeId={d.reviewee.id} reviewIds={d.campaignIds} />
              <Link to={`${reportPath}&${SHARE_DIALOG_PARAM}=${SHARE_DIALOG_VALUE}`} className={buttonClass("primary")} preventScrollReset>
                Share Report
              </Link>
            </>
          ) : undefined
        }
      />
      {d.share && reportPath && d.reviewee && report ? (
        <ShareReportDialog
          reports={d.campaignIds.map((campaignId) => ({ campaignId, revieweeId: d.reviewee!.id }))}
          description={`${d.reviewee.name} — ${report.reviews.map((r) => r.title).join(", ")}`}
          people={d.share.people}
          chosen={d.share.chosen}
          q={d.share.q}
          closeTo={reportPath}
          action={`${reportPath}&${SHARE_DIALOG_PARAM}=${SHARE_DIALOG_VALUE}`}
          searchAction={REVIEWEE_REPORT_PATH}
          keep={[
            ["revieweeId", d.reviewee.id],
            ["reviewIds", d.campaignIds.join(",")],
          ]}
          lastResult={actionData?.intent === SHARE_INTENT ? actionData.result : null}
        />
      ) : null}
      <Selectors />
      {report ? (
        <RevieweeReportView report={report} />
      ) : !d.hasReviewees || (d.reviewee && d.reviews.length === 0) ? (
        <EmptyState title={ANALYTICS_NOT_AVAILABLE} />
      ) : (
        <EmptyState title={SELECT_REVIEWS_AND_REVIEWEE} />
      )}
    </>
  );
}

function DownloadButton({ format, revieweeId, reviewIds }: { format: "pdf" | "xlsx"; revieweeId: string; reviewIds: string[] }) {
  return (
    <Form method="post" action={revieweeReportPath(revieweeId, reviewIds)} preventScrollReset>
      <input type="hidden" name="intent" value={DOWNLOAD_INTENT} />
      <input type="hidden" name="format" value={format} />
      <input type="hidden" name="revieweeId" value={revieweeId} />
      <input type="hidden" name="reviewIds" value={reviewIds.join(",")} />
      <button type="submit" className={buttonClass("secondary")}>
        Download {format.toUpperCase()}
      </button>
    </Form>
  );
}

/**
 * The reviewee picker, then the reviews of that reviewee: a GET form (Show report), so it works
 * without JavaScript (the picker's Search brings back the matching reviewees); with it, choosing a
 * reviewee loads their reviews at once.
 */
function Selectors() {
  const d = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const chosen = new Set(d.campaignIds);
  return (
    <Form
      method="get"
      action={REVIEWEE_REPORT_PATH}
      className="mb-6 flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      aria-label="Choose the report"
    >
      {d.reviewee ? <input type="hidden" name={FOR_PARAM} value={d.reviewee.id} /> : null}
      <PeoplePicker
        label="Reviewee"
        name="revieweeId"
        searchUrl={peopleSearchUrl("report-completed-reviewees")}
        chosen={d.reviewee ? [{ id: d.reviewee.id, name: d.reviewee.name, title: d.reviewee.title }] : []}
        queryName={QUERY_PARAM}
        query={d.matches.query}
        matches={d.matches.people}
        placeholder="Select reviewee"
        onPick={(person) => navigate(person ? revieweeReportPath(person.id) : REVIEWEE_REPORT_PATH)}
        className="min-w-64"
      />
      {d.reviewee ? (
        <fieldset className="flex min-w-72 flex-col gap-1" key={`reviews-${d.reviewee.id}-${d.campaignIds.join(",")}`}>
          <legend className="text-sm font-medium text-slate-700">Reviews</legend>
          {d.reviews.length === 0 ? (
            <p className="text-sm text-slate-600">No reviews of this reviewee.</p>
          ) : (
            <ul className="mt-1 max-h-48 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2">
              {d.reviews.map((r) => (
                <li key={r.id}>
                  <label className="flex items-center gap-2 text-sm text-slate-900">
                    <input type="checkbox" name="reviewIds" value={r.id} defaultChecked={chosen.has(r.id)} />
                    {r.title}
                    <span className="text-xs text-slate-500">
                      {r.state === "live" ? "Live" : "Closed"} · {r.completed} completed{r.anonymous ? " · Anonymous" : ""}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      ) : null}
      <button type="submit" className={buttonClass("secondary")}>
        Show report
      </button>
    </Form>
  );
}
