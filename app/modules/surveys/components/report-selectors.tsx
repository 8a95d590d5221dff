import { Form } from "@remix-run/react";
import { buttonClass } from "~/ui/button";

export interface SelectorPlace {
  id: string;
  name: string;
}

export interface SelectorRun {
  id: string;
  label: string;
}

/**
 * The workspace (or group) and survey selectors of the reports and insights pages: a GET form, so
 * it works without JavaScript (Show); with JavaScript a change submits it at once. Changing the
 * workspace drops the survey (the loader ignores a survey of another workspace).
 */
export function ReportSelectors({
  action,
  placeLabel,
  places,
  placeId,
  runs,
  runId,
}: {
  action: string;
  placeLabel: string;
  places: SelectorPlace[];
  placeId: string | null;
  runs: SelectorRun[];
  runId: string | null;
}) {
  const submit = (event: React.ChangeEvent<HTMLSelectElement>) => event.currentTarget.form?.requestSubmit();
  return (
    <Form
      method="get"
      action={action}
      className="mb-6 flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <label className="flex min-w-56 flex-col gap-1 text-sm font-medium text-slate-700">
        {placeLabel}
        <select
          name="workspaceOrChannelId"
          defaultValue={placeId ?? ""}
          key={`place-${placeId ?? ""}`}
          onChange={submit}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-normal text-slate-900"
        >
          <option value="">Select {placeLabel.toLowerCase()}</option>
          {places.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex min-w-72 flex-col gap-1 text-sm font-medium text-slate-700">
        Survey
        <select
          name="surveyId"
          defaultValue={runId ?? ""}
          key={`run-${placeId ?? ""}-${runId ?? ""}`}
          onChange={submit}
          disabled={runs.length === 0}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-normal text-slate-900 disabled:bg-slate-50 disabled:text-slate-400"
        >
          {runs.length === 0 ? <option value="">No surveys</option> : null}
          {runs.map((r) => (
            <option key={r.id} value={r.id}>
              {r.label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonClass("secondary")}>
        Show
      </button>
    </Form>
  );
}
