import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { copy } from "~/lib/copy";
import { buttonClass } from "~/ui/button";
import { INPUT_CLASS } from "~/ui/form-fields";
import type { Platform } from "~/lib/permissions/registry";
import type { FeedbackTabData } from "../feedback-tab.server";

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
  const label = "block text-sm font-medium text-slate-900";
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
            <label htmlFor="feedback-start" className={label}>
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
            <label htmlFor="feedback-end" className={label}>
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
          <div>
            <label htmlFor="feedback-type" className={label}>
              {words.feedbackType}
            </label>
            <select id="feedback-type" name="feedbackType" defaultValue={filters.feedbackType} className={INPUT_CLASS}>
              <option value="">{words.allFeedbackTypes}</option>
              {feedback.feedbackKinds.map((k) => (
                <option key={k.id} value={k.id}>
                  {k.title}
                </option>
              ))}
            </select>
          </div>
          {feedback.senders ? (
            <div>
              <label htmlFor="feedback-member" className={label}>
                {words.sender}
              </label>
              <select id="feedback-member" name="member" defaultValue={filters.member} className={INPUT_CLASS}>
                <option value="">{words.allSenders}</option>
                {feedback.senders.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div>
            <label htmlFor="feedback-competency" className={label}>
              {words.competency}
            </label>
            <select
              id="feedback-competency"
              name="competency"
              value={competency}
              onChange={(e) => {
                const next = feedback.competencies.find((c) => c.id === e.target.value);
                setCompetency(e.target.value);
                if (next && !next.behaviours.some((b) => b.id === behaviour)) setBehaviour("");
              }}
              className={INPUT_CLASS}
            >
              <option value="">{words.allCompetencies}</option>
              {feedback.competencies.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="feedback-behaviour" className={label}>
              {words.behaviour}
            </label>
            <select id="feedback-behaviour" name="behaviour" value={behaviour} onChange={(e) => setBehaviour(e.target.value)} className={INPUT_CLASS}>
              <option value="">{words.allBehaviours}</option>
              {behaviours.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="feedback-behaviour-type" className={label}>
              {words.behaviourType}
            </label>
            <select id="feedback-behaviour-type" name="behaviourType" defaultValue={filters.behaviourType} className={INPUT_CLASS}>
              <option value="">{words.allBehaviourTypes}</option>
              <option value="strength">{words.strength}</option>
              <option value="developmentArea">{words.developmentArea}</option>
            </select>
          </div>
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
