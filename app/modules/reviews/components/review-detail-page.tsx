import { Form, Link, useNavigation } from "@remix-run/react";
import { copy } from "~/lib/copy";
import { PAIR_STATE_LABELS, PAIR_STATES, REVIEW_STATE_LABELS } from "~/modules/reviews/campaign-machine";
import { nominationBreakdown, NOMINATION_STATE_LABELS } from "~/modules/reviews/components/pair-answers";
import { PairsTable } from "~/modules/reviews/components/pairs-table";
import { Confirmation, inputClass, labelClass, PanelView, UnshownErrors } from "~/modules/reviews/components/review-detail-panels";
import {
  detailHref,
  NO_DATA,
  NO_RESULT_DETAILS,
  NO_REVIEW_DETAILS,
  DOWNLOADING_REPORT,
  reviewDetailPath,
  type DetailQuery,
  type Panel,
  type StatusReportType,
} from "~/modules/reviews/components/review-detail.schema";
import { ReviewOverview } from "~/modules/reviews/components/review-overview";
import { StackedBar } from "~/modules/reviews/components/stacked-bar";
import type { ActionData, ReviewDetailData } from "~/modules/reviews/review-detail-view";
import { Button, buttonClass } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";
import { Pager } from "~/ui/pager";
import { DataTable } from "~/ui/table";

type LoaderData = ReviewDetailData;

/**
 * /reviews/manage-reviews/:activeReviewId (000 §2 "Review detail"): the Overview tab (progress,
 * dates, anonymity, questionnaire, sharing, the pairs with their row actions) and the Analytics
 * tab (a stacked bar per choice question, nomination status, status report download). Panels
 * (a pair's result, a decline comment, change reviewer, Send Reminders, Add Pairs) are URL
 * states (`?panel=`), so every one works without JavaScript; with it they open as dialogs.
 */
export function ReviewDetailPage({ data: loaderData, actionData }: { data: LoaderData; actionData: ActionData | undefined }) {
  const navigation = useNavigation();
  const { review, query } = loaderData;
  const base = reviewDetailPath(review.id);
  const href = (change: Partial<DetailQuery>) => detailHref(base, query, change);
  const back = href({ panel: null, pairId: null });
  const confirm = actionData?.confirm ?? null;
  const live = review.state === "live";
  const words = copy(loaderData.platform);
  const tabs = [
    { key: "overview", label: "Overview", to: href({ tab: "overview", page: 1, panel: null, pairId: null, nomination: false }) },
    { key: "analytics", label: "Analytics", to: href({ tab: "analytics", page: 1, panel: null, pairId: null, q: "", state: "" }) },
  ] as const;
  return (
    <>
      <PageHeader
        title={review.title}
        description={
          <span className="status-badge" data-status={review.state}>
            {REVIEW_STATE_LABELS[review.state]}
          </span>
        }
        actions={
          live ? (
            <>
              <Link to={href({ panel: "remind", pairId: null })} className={buttonClass("secondary")} preventScrollReset>
                Send Reminders
              </Link>
              <Form method="post">
                <input type="hidden" name="intent" value="finalize" />
                <Button type="submit">Finalize Review</Button>
              </Form>
            </>
          ) : null
        }
      />
      {confirm ? <Confirmation confirm={confirm} title={review.title} cancelTo={back} /> : null}
      {loaderData.panel && !confirm ? (
        <PanelView data={loaderData} panel={loaderData.panel} closeTo={back} actionData={actionData} workspaceLabel={words.workspace} />
      ) : null}
      <UnshownErrors actionData={actionData} panel={loaderData.panel?.kind ?? null} />
      <div role="tablist" aria-label="Review detail" className="mb-4 flex gap-1 border-b border-slate-200">
        {tabs.map((tab) => {
          const selected = query.tab === tab.key;
          return (
            <Link
              key={tab.key}
              to={tab.to}
              role="tab"
              id={`tab-${tab.key}`}
              aria-selected={selected}
              aria-controls="review-tabpanel"
              className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
                selected ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-600 hover:text-slate-900"
              }`}
            >
              {tab.label}
            </Link>
          );
        })}
      </div>
      <div role="tabpanel" id="review-tabpanel" aria-labelledby={`tab-${query.tab}`}>
        {query.tab === "overview" ? (
          <OverviewTab data={loaderData} href={href} navigation={navigation} workspaceLabel={words.workspace} />
        ) : (
          <AnalyticsTab data={loaderData} href={href} navigation={navigation} />
        )}
      </div>
    </>
  );
}

function OverviewTab({
  data: loaderData,
  href,
  navigation,
  workspaceLabel,
}: {
  data: LoaderData;
  href: (change: Partial<DetailQuery>) => string;
  navigation: ReturnType<typeof useNavigation>;
  workspaceLabel: string;
}) {
  const { review, query, pairs } = loaderData;
  const submittingPair =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "pair"
      ? { pairId: String(navigation.formData.get("pairId")), action: String(navigation.formData.get("pairAction")) }
      : null;
  return (
    <>
      <ReviewOverview facts={review.facts} now={loaderData.now} workspaceLabel={workspaceLabel} />
      <section aria-labelledby="pairs-heading">
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <h2 id="pairs-heading" className="text-base font-semibold text-slate-900">
            Reviewees and reviewers
          </h2>
          {review.state === "live" ? (
            <Link to={href({ panel: "addPairs", pairId: null })} className={buttonClass("secondary")} preventScrollReset>
              Add Pairs
            </Link>
          ) : null}
        </div>
        {review.facts.pairs === 0 || !pairs ? (
          <EmptyState icon="reviews" title={NO_REVIEW_DETAILS} />
        ) : (
          <>
            <Form method="get" className="mb-3 flex flex-wrap items-end gap-2" role="search" aria-label="Pairs">
              <div>
                <label htmlFor="pairs-q" className={labelClass}>
                  Search
                </label>
                <input
                  id="pairs-q"
                  name="q"
                  type="search"
                  defaultValue={query.q}
                  maxLength={100}
                  placeholder="Name or e-mail"
                  className={inputClass}
                />
              </div>
              <div>
                <label htmlFor="pairs-state" className={labelClass}>
                  State
                </label>
                <select id="pairs-state" name="state" defaultValue={query.state} className={inputClass}>
                  <option value="">All states</option>
                  {PAIR_STATES.map((state) => (
                    <option key={state} value={state}>
                      {PAIR_STATE_LABELS[state]}
                    </option>
                  ))}
                </select>
              </div>
              <Button type="submit" variant="secondary">
                Search
              </Button>
              {query.q || query.state ? (
                <Link to={href({ q: "", state: "", page: 1 })} className={buttonClass("ghost")}>
                  Clear
                </Link>
              ) : null}
            </Form>
            {pairs.rows.length === 0 ? (
              <EmptyState icon="reviews" title={NO_DATA} />
            ) : (
              <>
                <PairsTable
                  rows={pairs.rows}
                  context={loaderData.pairContext}
                  requestToken={loaderData.requestToken}
                  panelHref={(panel: Panel, pairId: string) => href({ panel, pairId })}
                  submitting={submittingPair}
                />
                <Pager page={pairs.page} pages={pairs.pages} total={pairs.total} noun="pairs" hrefFor={(page) => href({ page })} />
              </>
            )}
          </>
        )}
      </section>
    </>
  );
}

function AnalyticsTab({
  data: loaderData,
  href,
  navigation,
}: {
  data: LoaderData;
  href: (change: Partial<DetailQuery>) => string;
  navigation: ReturnType<typeof useNavigation>;
}) {
  const { review, query } = loaderData;
  const hasNominations = review.facts.nominationTotal > 0;
  const nomination = query.nomination;
  const reportType: StatusReportType = nomination ? "nomination" : "review";
  const downloading = navigation.state === "submitting" && navigation.formData?.get("intent") === "statusReport";
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        {hasNominations ? (
          <Link
            to={href({ nomination: !nomination, page: 1 })}
            role="switch"
            aria-checked={nomination}
            className="flex items-center gap-2 text-sm font-medium text-slate-700"
          >
            <span
              aria-hidden="true"
              className={`relative inline-flex h-5 w-9 items-center rounded-full transition-colors ${
                nomination ? "bg-indigo-600" : "bg-slate-300"
              }`}
            >
              <span
                className={`inline-block size-4 rounded-full bg-white shadow transition-transform ${
                  nomination ? "translate-x-4" : "translate-x-0.5"
                }`}
              />
            </span>
            Nomination
          </Link>
        ) : (
          <span />
        )}
        {/* Queued: the file is made by the queue and emailed with a link. */}
        <Form method="post" data-report-download={reportType}>
          <input type="hidden" name="intent" value="statusReport" />
          <input type="hidden" name="reportType" value={reportType} />
          <Button type="submit" variant="secondary" disabled={downloading}>
            {downloading ? DOWNLOADING_REPORT : "Download"}
          </Button>
        </Form>
      </div>
      {nomination ? <NominationAnalytics data={loaderData} href={href} /> : <ReviewAnalytics data={loaderData} />}
    </>
  );
}

function ReviewAnalytics({ data: loaderData }: { data: LoaderData }) {
  const analytics = loaderData.analytics;
  if (!analytics || !analytics.hasResults) return <EmptyState icon="reviews" title={NO_RESULT_DETAILS} />;
  return (
    <div className="grid gap-4" data-analytics="review">
      {analytics.breakdowns.map((breakdown) => (
        <StackedBar key={breakdown.blockId} breakdown={breakdown} />
      ))}
    </div>
  );
}

function NominationAnalytics({ data: loaderData, href }: { data: LoaderData; href: (change: Partial<DetailQuery>) => string }) {
  const page = loaderData.nominationPage;
  if (!page || page.total === 0) return <EmptyState icon="reviews" title={NO_DATA} />;
  return (
    <div className="grid gap-4" data-analytics="nomination">
      <StackedBar breakdown={nominationBreakdown(loaderData.review.nominations)} />
      <DataTable label="Nomination status per reviewee" columns={["Reviewee", "Nomination Status"]} dataRows>
        {page.rows.map((row) => (
          <tr key={row.revieweeId} data-reviewee-id={row.revieweeId}>
            <td className="font-medium text-slate-900">{row.name}</td>
            <td>{NOMINATION_STATE_LABELS[row.state] ?? row.state}</td>
          </tr>
        ))}
      </DataTable>
      <Pager page={page.page} pages={page.pages} total={page.total} noun="reviewees" hrefFor={(p) => href({ page: p })} />
    </div>
  );
}
