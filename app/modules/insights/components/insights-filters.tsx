import { Form } from "@remix-run/react";
import { useState } from "react";
import type { Copy } from "~/lib/copy";
import { buttonClass } from "~/ui/button";
import { INSIGHT_SCOPE_LABELS, INSIGHT_SCOPES, type InsightsFilters } from "../filters";
import type { InsightsGroupOption } from "../types";
import { groupsLegend } from "./insights-view";

const FIELD = "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-normal text-slate-900";

/**
 * The card's filters: a GET form, so the filters live in the query string and work without
 * JavaScript (Apply). With JavaScript a change submits it at once. The end date's picker offers
 * only days from the start on (002 §5); an earlier end typed in anyway is cleared, here and by
 * the loader (parseInsightsFilters).
 */
export function InsightsFiltersForm({
  words,
  action,
  filters,
  showScope,
  groupOptions,
}: {
  words: Copy;
  action: string;
  filters: InsightsFilters;
  showScope: boolean;
  /** The groups filter (workspace or channel insights); absent elsewhere. */
  groupOptions?: InsightsGroupOption[];
}) {
  const t = words.insights;
  const [start, setStart] = useState(filters.startDate);
  const [end, setEnd] = useState(filters.endDate);
  const key = `${filters.startDate}|${filters.endDate}|${filters.scope}|${filters.groupIds.join(",")}`;
  const submit = (form: HTMLFormElement | null | undefined) => form?.requestSubmit();
  const chosen = new Set(filters.groupIds);
  return (
    <Form
      method="get"
      action={action}
      preventScrollReset
      key={key}
      aria-label={t.filtersLabel}
      className="flex flex-wrap items-end gap-4"
      data-insights-filters
    >
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
        {t.startDate}
        <input
          type="date"
          name="startDate"
          value={start}
          required
          onChange={(e) => {
            const value = e.currentTarget.value;
            setStart(value);
            if (end && value && end < value) setEnd("");
            if (value) submit(e.currentTarget.form);
          }}
          className={FIELD}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
        {t.endDate}
        <input
          type="date"
          name="endDate"
          value={end}
          min={start || undefined}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setEnd(value && start && value < start ? "" : value);
            submit(e.currentTarget.form);
          }}
          className={FIELD}
        />
      </label>
      {showScope ? (
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          {t.feedbackType}
          <select name="feedbackType" defaultValue={filters.scope} onChange={(e) => submit(e.currentTarget.form)} className={FIELD}>
            {INSIGHT_SCOPES.map((scope) => (
              <option key={scope} value={scope}>
                {INSIGHT_SCOPE_LABELS[scope]}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {groupOptions ? (
        <fieldset className="min-w-56" data-insights-groups>
          <legend className="text-sm font-medium text-slate-700">{groupsLegend(words)}</legend>
          <p className="text-xs text-slate-500">{chosen.size === 0 ? t.allGroups : `${chosen.size} / ${groupOptions.length}`}</p>
          <ul className="mt-1 max-h-40 overflow-y-auto rounded-md border border-slate-300 bg-white px-3 py-2">
            {groupOptions.map((option) => (
              <li key={option.id}>
                <label className="flex items-center gap-2 py-0.5 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    name="groups"
                    value={option.id}
                    defaultChecked={chosen.has(option.id)}
                    onChange={(e) => submit(e.currentTarget.form)}
                    className="size-4 rounded border-slate-300"
                  />
                  {option.name}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <button type="submit" className={buttonClass("secondary")}>
        {t.apply}
      </button>
    </Form>
  );
}
