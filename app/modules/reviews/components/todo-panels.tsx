import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { sharedCopy } from "~/lib/copy";
import { useHydrated } from "~/ui/use-hydrated";
import { itemHref } from "../nomination-rules";
import type { PanelGoal, PanelObjective, TodoContext, TodoItem, TodoList } from "../todos";

/** 000 §2 empty states of the context panel, quoted exactly. */
const NO_FEEDBACK = "No Feedback available!";
const NO_OBJECTIVES = sharedCopy.reviewNoObjectives;
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

const EMPTY = "text-sm text-slate-600";

const number = (n: number | null, unit: string | null) => (n === null ? null : `${n}${unit ? ` ${unit}` : ""}`);

function ObjectiveList({ objectives }: { objectives: PanelObjective[] }) {
  return (
    <ul className="space-y-3 text-sm text-slate-700" aria-label={sharedCopy.reviewObjectivesTab}>
      {objectives.map((o) => (
        <li key={o.id} className="rounded-md border border-slate-200 p-2">
          <p className="font-medium text-slate-900">{o.name}</p>
          <p className="text-xs text-slate-500">
            {[
              sharedCopy.reviewObjectiveWeight(o.weight),
              o.kind === "performance-contract" ? sharedCopy.objectivePerformanceContract : sharedCopy.objectiveOkr,
              o.progress === null ? null : sharedCopy.reviewObjectiveProgress(o.progress),
              o.approved ? sharedCopy.reviewObjectiveApproved : sharedCopy.reviewObjectiveNotApproved,
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
          {o.progress !== null ? (
            <div
              role="progressbar"
              aria-label={`${o.name}: ${sharedCopy.reviewObjectiveProgress(o.progress)}`}
              aria-valuenow={o.progress}
              aria-valuemin={0}
              aria-valuemax={100}
              className="mt-1 h-1.5 rounded bg-slate-100"
            >
              <div className="h-1.5 rounded bg-emerald-500" style={{ width: `${o.progress}%` }} />
            </div>
          ) : null}
          {o.keyResults.length > 0 ? (
            <ul className="mt-1 list-disc pl-5 text-xs text-slate-600">
              {o.keyResults.map((k) => {
                const facts = [
                  number(k.target, k.unit) ? sharedCopy.reviewKpiTarget(number(k.target, null)!, k.unit ?? undefined) : null,
                  number(k.actual, k.unit) ? sharedCopy.reviewKpiActual(number(k.actual, null)!, k.unit ?? undefined) : null,
                  k.period,
                ].filter(Boolean);
                return (
                  <li key={k.id}>
                    {k.name}
                    {facts.length > 0 ? ` (${facts.join(", ")})` : ""}
                  </li>
                );
              })}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function GoalList({ goals }: { goals: PanelGoal[] }) {
  return (
    <ul className="space-y-2 text-sm text-slate-700" aria-label={sharedCopy.reviewGoalsTab}>
      {goals.map((g) => (
        <li key={g.id} className="rounded-md border border-slate-200 p-2">
          <p className="font-medium text-slate-900">{g.name}</p>
          <p className="text-xs text-slate-500">
            {[
              sharedCopy.reviewGoalDeadline(g.deadline.slice(0, 10)),
              g.approved ? sharedCopy.reviewGoalApproved : null,
              g.completed ? sharedCopy.reviewGoalCompleted : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </li>
      ))}
    </ul>
  );
}

/**
 * The first tab: the reviewee's objectives of the review's period. Named Goals when the company
 * uses goals instead of objectives; it then also lists the reviewee's goals (where goals exist),
 * and says 'No goals set!' when there is neither.
 */
function firstTab(side: TodoContext): { key: string; label: string; body: ReactNode } {
  if (!side.goals)
    return {
      key: "objectives",
      label: sharedCopy.reviewObjectivesTab,
      body: side.objectives.length === 0 ? <p className={EMPTY}>{NO_OBJECTIVES}</p> : <ObjectiveList objectives={side.objectives} />,
    };
  const goals = side.personGoals ?? [];
  return {
    key: "objectives",
    label: sharedCopy.reviewGoalsTab,
    body:
      side.objectives.length === 0 && goals.length === 0 ? (
        <p className={EMPTY}>{sharedCopy.noGoals}</p>
      ) : (
        <div className="space-y-3">
          {side.objectives.length > 0 ? <ObjectiveList objectives={side.objectives} /> : null}
          {goals.length > 0 ? <GoalList goals={goals} /> : null}
        </div>
      ),
  };
}

/**
 * 000 §2: the right panel (collapsible, 420 px) with context on the reviewee, in tabs: Objectives
 * (or Goals, by the company's feature flag), Feedback, Reviews, then Goals where goals exist
 * (Slack-type) unless the first tab already shows them. Before JavaScript runs (or without it) the sections
 * are shown one under the other; afterwards they are tabs.
 */
export function ContextPanel({ reviewee, side }: { reviewee: { name: string; title: string | null }; side: TodoContext }) {
  const hydrated = useHydrated();
  const revieweeName = reviewee.name;
  const sections: Array<{ key: string; label: string; body: ReactNode }> = [
    firstTab(side),
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
    // Goals where they exist (Slack-type), after the specified three tabs, unless the first tab shows them.
    ...(side.personGoals && !side.goals
      ? [
          {
            key: "goals",
            label: sharedCopy.reviewGoalsTab,
            body: side.personGoals.length === 0 ? <p className={EMPTY}>{sharedCopy.noGoals}</p> : <GoalList goals={side.personGoals} />,
          },
        ]
      : []),
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
