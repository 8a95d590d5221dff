import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { sharedCopy } from "~/lib/copy";
import { useHydrated } from "~/ui/use-hydrated";
import { itemHref } from "../nomination-rules";
import type { TodoContext, TodoItem, TodoList } from "../todos";

/** 000 §2 empty states of the context panel, quoted exactly. */
const NO_FEEDBACK = "No Feedback available!";
const NO_OBJECTIVES = "No Objectives set!";
const NO_REVIEWS = "No reviews available!";
const NO_REVIEWEE = "No reviewee details available!";

/** What a to-do reads as in the list: the reviewee of a review to give, or the nomination step. */
function labelOf(item: TodoItem) {
  switch (item.type) {
    case "default":
      return item.revieweeName;
    case "awaiting-nominations":
      return "Nominate your reviewers";
    case "manager-approval":
      return `Approve nominations of ${item.revieweeName}`;
    case "reviewer-approval":
      return `Nominated to review ${item.revieweeName}`;
  }
}

/**
 * The to-do pages' frame (000 §2 "Review to-dos"): the left Progress panel (collapsible, 320 px)
 * with totals and every to-do, done ones struck through with a green dot and pending ones with a
 * red dot, beside the centre work area (and the right panel, when given).
 */
export function TodoLayout({ list, current, children, side }: { list: TodoList; current?: string; children: ReactNode; side?: ReactNode }) {
  return (
    <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
      <ProgressPanel list={list} current={current} />
      <div className="min-w-0 flex-1">{children}</div>
      {side}
    </div>
  );
}

function ProgressPanel({ list, current }: { list: TodoList; current?: string }) {
  const pathname = useLocation().pathname;
  const here = current ?? pathname;
  return (
    <details open className="w-full shrink-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm lg:w-80">
      <summary className="cursor-pointer text-base font-semibold text-slate-900">Progress</summary>
      <p className="mt-2 text-sm text-slate-700">
        {list.completed} of {list.total} completed ({list.percentageComplete}%)
      </p>
      <div
        role="progressbar"
        aria-label="To-do progress"
        aria-valuenow={list.percentageComplete}
        aria-valuemin={0}
        aria-valuemax={100}
        className="mt-2 h-2 rounded bg-slate-100"
      >
        <div className="h-2 rounded bg-emerald-500" style={{ width: `${list.percentageComplete}%` }} />
      </div>
      {list.reviewList.map((campaign) => (
        <section key={campaign.performanceReviewCampaignId} className="mt-4" aria-label={campaign.title}>
          <h2 className="text-sm font-semibold text-slate-800">{campaign.title}</h2>
          <ul className="mt-1 space-y-1 text-sm">
            {campaign.reviews.map((r) => (
              <li key={`${r.type}:${r.id}`} data-todo-state={r.completed ? "completed" : "pending"} data-todo-type={r.type}>
                <a href={itemHref(r)} aria-current={itemHref(r) === here ? "page" : undefined} className="todo-item">
                  {labelOf(r)}
                  <span className="sr-only">({r.completed ? "completed" : "to do"})</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </details>
  );
}

/**
 * 000 §2: the right panel (collapsible, 420 px) with context on the reviewee, in tabs: Objectives
 * (or Goals, by the company's feature flag), Feedback, Reviews. Before JavaScript runs (or without
 * it) the three sections are shown one under the other; afterwards they are tabs.
 */
export function ContextPanel({ reviewee, side }: { reviewee: { name: string; title: string | null }; side: TodoContext }) {
  const hydrated = useHydrated();
  const revieweeName = reviewee.name;
  const sections: Array<{ key: string; label: string; body: ReactNode }> = [
    {
      key: "objectives",
      label: side.goals ? "Goals" : "Objectives",
      body: side.goals ? (
        // Goals have no data of their own yet (they arrive with the goals area): the specified empty state.
        <p className="text-sm text-slate-600">{sharedCopy.noGoals}</p>
      ) : side.objectives.length === 0 ? (
        <p className="text-sm text-slate-600">{NO_OBJECTIVES}</p>
      ) : (
        <ul className="list-disc pl-5 text-sm text-slate-700">
          {side.objectives.map((o) => (
            <li key={o.id}>
              {o.name} <span className="text-slate-500">(weight {o.weight})</span>
            </li>
          ))}
        </ul>
      ),
    },
    { key: "feedback", label: "Feedback", body: <p className="text-sm text-slate-600">{NO_FEEDBACK}</p> },
    {
      key: "reviews",
      label: "Reviews",
      body:
        side.reviews.length === 0 ? (
          <p className="text-sm text-slate-600">{NO_REVIEWS}</p>
        ) : (
          <ul className="list-disc pl-5 text-sm text-slate-700">
            {side.reviews.map((r) => (
              <li key={r.id}>
                <a href={r.href} className="text-indigo-700 hover:underline">
                  {r.title}
                </a>
              </li>
            ))}
          </ul>
        ),
    },
  ];
  return (
    <details open className="w-full shrink-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm lg:w-[420px]">
      <summary className="cursor-pointer text-base font-semibold text-slate-900">
        {revieweeName ? `About ${revieweeName}` : "Reviewee"}
      </summary>
      {reviewee.title ? <p className="mt-1 text-sm text-slate-600">{reviewee.title}</p> : null}
      {!revieweeName ? (
        // The reviewee's person record is gone (000 §2 empty state).
        <p className="mt-3 text-sm text-slate-600">{NO_REVIEWEE}</p>
      ) : hydrated ? (
        <TabGroup className="mt-3">
          <TabList aria-label={`About ${revieweeName}`} className="flex gap-1 border-b border-slate-200">
            {sections.map((s) => (
              <Tab
                key={s.key}
                className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 data-[selected]:border-indigo-600 data-[selected]:text-indigo-700"
              >
                {s.label}
              </Tab>
            ))}
          </TabList>
          <TabPanels className="mt-3">
            {sections.map((s) => (
              <TabPanel key={s.key}>{s.body}</TabPanel>
            ))}
          </TabPanels>
        </TabGroup>
      ) : (
        sections.map((s) => (
          <section key={s.key} aria-labelledby={`ctx-${s.key}`} className="mt-3">
            <h3 id={`ctx-${s.key}`} className="mb-1 text-sm font-semibold text-slate-800">
              {s.label}
            </h3>
            {s.body}
          </section>
        ))
      )}
    </details>
  );
}
