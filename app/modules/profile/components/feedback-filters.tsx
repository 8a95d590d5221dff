import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { copy } from "~/lib/copy";
import { buttonClass } from "~/ui/button";
import { INPUT_CLASS } from "~/ui/form-fields";
import type { Platform } from "~/lib/permissions/registry";
import type { FeedbackTabData } from "../feedback-tab.server";

const LABEL_CLASS = "block text-sm font-medium text-slate-900";

/**
 * The Feedback tab's search and 'Advanced View' (002 §2.5 "Advanced filters"): one GET form, so
 * every filter lives in the URL and works without JavaScript. The advanced filters sit in a
 * <details> that is open when any of them is set. With JavaScript the end date's earliest day
 * follows the start (002 §5) and the behaviours follow the chosen competency; without it the
 * server does the same from the submitted values.
 */
export function FeedbackFilters({ platform, tabPath, feedback }: { platform: Platform; tabPath: string; feedback: FeedbackTabData }) {
  const words = copy(platform).feedbackList;
  const { filters } = feedback;
  const [startDate, setStartDate] = useState(filters.startDate);
  const [endDate, setEndDate] = useState(filters.endDate);
  const [competency, setCompetency] = useState(filters.competency);
  const [behaviour, setBehaviour] = useState(filters.behaviour);
  const chosen = feedback.competencies.find((c) => c.id === competency);
  const behaviours = chosen ? chosen.behaviours : feedback.competencies.flatMap((c) => c.behaviours);
  return (
    <Form method="get" action={tabPath} aria-label={words.filtersLabel} className="space-y-3" data-feedback-filters>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="feedback-search" className="sr-only">
            {words.searchLabel}
          </label>
          <input
            id="feedback-search"
            type="search"
            name="search"
            defaultValue={filters.search}
            placeholder={words.searchPlaceholder}
            maxLength={200}
            className={`${INPUT_CLASS} mt-0`}
          />
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          {words.search}
        </button>
      </div>
      <details open={feedback.advancedOpen} className="group rounded-lg border border-slate-200 bg-white">
        <summary className="cursor-pointer select-none rounded-lg px-4 py-2.5 text-sm font-semibold text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600">
          {words.advancedView}
        </summary>
        <div className="grid gap-4 border-t border-slate-100 p-4 sm:grid-cols-2 lg:grid-cols-3">
          <div>
            <label htmlFor="feedback-start" className={LABEL_CLASS}>
              {words.startDate}
            </label>
            <input
              id="feedback-start"
              type="date"
              name="startDate"
              value={startDate}
              onChange={(e) => {
                const value = e.target.value;
                setStartDate(value);
                // 002 §5: an end before the new start is cleared.
                if (value && endDate && endDate < value) setEndDate("");
              }}
              className={INPUT_CLASS}
            />
          </div>
          <div>
            <label htmlFor="feedback-end" className={LABEL_CLASS}>
              {words.endDate}
            </label>
            <input
              id="feedback-end"
              type="date"
              name="endDate"
              value={endDate}
              min={startDate || undefined}
              onChange={(e) => {
                const value = e.target.value;
                setEndDate(value && startDate && value < startDate ? "" : value);
              }}
              className={INPUT_CLASS}
            />
          </div>
          <FilterSelect id="feedback-type" name="feedbackType" label={words.feedbackType} all={words.allFeedbackTypes} defaultValue={filters.feedbackType}>
            {feedback.feedbackKinds.map((k) => ({ value: k.id, text: k.title }))}
          </FilterSelect>
          {feedback.senders ? (
            <FilterSelect id="feedback-member" name="member" label={words.sender} all={words.allSenders} defaultValue={filters.member}>
              {feedback.senders.map((s) => ({ value: s.id, text: s.name }))}
            </FilterSelect>
          ) : null}
          <FilterSelect
            id="feedback-competency"
            name="competency"
            label={words.competency}
            all={words.allCompetencies}
            value={competency}
            onChange={(e) => {
              const next = feedback.competencies.find((c) => c.id === e.target.value);
              setCompetency(e.target.value);
              if (next && !next.behaviours.some((b) => b.id === behaviour)) setBehaviour("");
            }}
          >
            {feedback.competencies.map((c) => ({ value: c.id, text: c.name }))}
          </FilterSelect>
          <FilterSelect
            id="feedback-behaviour"
            name="behaviour"
            label={words.behaviour}
            all={words.allBehaviours}
            value={behaviour}
            onChange={(e) => setBehaviour(e.target.value)}
          >
            {behaviours.map((b) => ({ value: b.id, text: b.name }))}
          </FilterSelect>
          <FilterSelect
            id="feedback-behaviour-type"
            name="behaviourType"
            label={words.behaviourType}
            all={words.allBehaviourTypes}
            defaultValue={filters.behaviourType}
          >
            {[
              { value: "strength", text: words.strength },
              { value: "developmentArea", text: words.developmentArea },
            ]}
          </FilterSelect>
          <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-3">
            <button type="submit" className={buttonClass("primary")}>
              {words.apply}
            </button>
            <Link to={tabPath} preventScrollReset className={buttonClass("ghost")}>
              {words.clearAll}
            </Link>
          </div>
        </div>
      </details>
    </Form>
  );
}

/** One labelled select of the filters, its first option "all" (no filter). */
function FilterSelect({
  id,
  label,
  all,
  children,
  ...select
}: {
  id: string;
  label: string;
  all: string;
  children: Array<{ value: string; text: string }>;
} & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "id" | "children" | "className">) {
  return (
    <div>
      <label htmlFor={id} className={LABEL_CLASS}>
        {label}
      </label>
      <select id={id} {...select} className={INPUT_CLASS}>
        <option value="">{all}</option>
        {children.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
    </div>
  );
}
