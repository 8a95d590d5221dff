import { Form } from "@remix-run/react";
import { useEffect } from "react";
import { copy } from "~/lib/copy";
import { buttonClass } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { Pager } from "~/ui/pager";
import { DETAIL_PARAM } from "../feedback-list";
import type { FeedbackTabData } from "../feedback-tab.server";
import type { ProfilePageData } from "../profile-page-data";
import { FeedbackCardView } from "./feedback-card";
import { FeedbackDetailDialog, preloadDetailDialog } from "./feedback-detail";
import { FeedbackFilters } from "./feedback-filters";

/**
 * A profile's Feedback tab (002 §2.5 "Feedback list"): the search and advanced filters (a GET
 * form), Download as PDF of the filtered rows (a queued report), the feedback cards newest first,
 * and the open item's Details dialog. CC on every card is the person's managers.
 */
export function FeedbackTabView({ data, feedback }: { data: ProfilePageData; feedback: FeedbackTabData }) {
  const all = copy(data.platform);
  const words = all.feedbackList;
  const tabPath = `${data.basePath}/feedback`;
  const pathOf = (page: number, detail?: string) => {
    const q = new URLSearchParams(feedback.query);
    if (page > 1) q.set("page", String(page));
    if (detail) q.set(DETAIL_PARAM, detail);
    const search = q.toString();
    return search ? `${tabPath}?${search}` : tabPath;
  };
  const listPath = pathOf(feedback.page);
  const detailsTo = (id: string) => pathOf(feedback.page, id);
  const cc = data.managers.map((m) => m.name);
  useEffect(() => void preloadDetailDialog(), []);
  return (
    <div className="space-y-5">
      <FeedbackFilters key={feedback.query} platform={data.platform} tabPath={tabPath} feedback={feedback} />
      {feedback.detail ? <FeedbackDetailDialog detail={feedback.detail} cc={cc} closeTo={listPath} words={words} closeLabel={all.close} /> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite" data-feedback-count={feedback.total}>
          {words.count(feedback.total)}
        </p>
        {feedback.rows.length > 0 ? (
          <Form method="post" action={listPath} preventScrollReset>
            <input type="hidden" name="intent" value="download-feedback" />
            <input type="hidden" name="query" value={feedback.query} />
            <button type="submit" className={buttonClass("secondary")}>
              {words.download}
            </button>
          </Form>
        ) : null}
      </div>
      {feedback.limited ? <p className="text-sm text-amber-800">{words.limited(feedback.limit)}</p> : null}
      {feedback.rows.length === 0 ? (
        <EmptyState icon="analytics" title={all.noFeedback} />
      ) : (
        <section aria-labelledby="feedback-list-title">
          <h2 id="feedback-list-title" className="sr-only">
            {words.listLabel}
          </h2>
          <ul className="space-y-3">
            {feedback.rows.map((card) => (
              <li key={card.id}>
                <FeedbackCardView card={card} cc={cc} detailsTo={detailsTo(card.id)} words={words} />
              </li>
            ))}
          </ul>
          {feedback.pageCount > 1 ? (
            <Pager page={feedback.page} pages={feedback.pageCount} total={feedback.total} noun={words.items} hrefFor={(n) => pathOf(n)} />
          ) : null}
        </section>
      )}
    </div>
  );
}
