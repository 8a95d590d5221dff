import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { buttonClass } from "~/ui/button";
import { Modal } from "~/ui/dialog";
import { useHydrated } from "~/ui/use-hydrated";
import {
  reportRefValue,
  SHARE_DIALOG_PARAM,
  SHARE_DIALOG_VALUE,
  SHARE_INTENT,
  SHARE_PEOPLE_PATH,
  SHARE_QUERY_PARAM,
  ShareReportSchema,
  type ReportRef,
  type SharePerson,
} from "../reports/share.schema";

export const SHARE_REPORT_TITLE = "Share Report";

export interface ShareReportDialogProps {
  /** What is shared: each report is one reviewee in one review. Posted as `report` = "campaignId|revieweeId". */
  reports: ReportRef[];
  /** A line under the title, e.g. "Eve Nakamura — Annual Review 2026" or "3 reports". */
  description?: string;
  /** The people listed first: `sharePeople(context, viewer, q, chosenIds).people` from the page's loader. */
  people: SharePerson[];
  /** People already chosen (`sharePeople(...).chosen`): kept checked across a search without JavaScript. */
  chosen?: SharePerson[];
  /** The search text of that list (the `shareQ` parameter). */
  q?: string;
  /** Where Close, Escape and a click outside go: the page without `?dialog=share`. */
  closeTo: string;
  /** The page (path and query) the Share form posts to; its action handles intent "share" (share.server.ts). */
  action: string;
  /**
   * The page's path and the query parameters to keep when searching without JavaScript (a GET of
   * this form: the page's own filters); `dialog=share` is added.
   */
  searchAction: string;
  keep?: Array<[name: string, value: string]>;
  /** The action's Conform reply to a refused share, to show its errors. */
  lastResult?: SubmissionResult<string[]> | null;
}

/**
 * The Share-report dialog (000 §2 "Share-report dialog", §5, §9 "share dialog min height 300"):
 * choose one or more people of the company and share. The Share button does nothing until
 * someone is chosen (it is disabled with JavaScript; the server refuses an empty choice too).
 *
 * A page state (`?dialog=share`): with JavaScript a Headless UI dialog (focus moves in and back),
 * the search asks SHARE_PEOPLE_PATH as you type and the choice is kept across searches; without
 * it a panel in the page, whose Search button reloads the page with `shareQ` and the people
 * checked so far. Render it when the loader says the dialog is open.
 */
export function ShareReportDialog(props: ShareReportDialogProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  if (hydrated) {
    return (
      <Modal
        open
        onClose={() => navigate(props.closeTo, { preventScrollReset: true })}
        title={SHARE_REPORT_TITLE}
        description={props.description}
        size="md"
      >
        <ShareForm {...props} hydrated />
      </Modal>
    );
  }
  return (
    <section
      aria-labelledby="share-report-title"
      className="mb-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
      data-panel="share-report"
    >
      <h2 id="share-report-title" className="text-lg font-semibold text-slate-900">
        {SHARE_REPORT_TITLE}
      </h2>
      {props.description ? <p className="mt-1 text-sm text-slate-600">{props.description}</p> : null}
      <ShareForm {...props} hydrated={false} />
    </section>
  );
}

const SEARCH_DEBOUNCE_MS = 350;

function ShareForm({
  reports,
  people,
  chosen: initiallyChosen = [],
  q = "",
  closeTo,
  action,
  searchAction,
  keep = [],
  lastResult,
  hydrated,
}: ShareReportDialogProps & { hydrated: boolean }) {
  const [form, fields] = useForm({
    id: "share-report",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ShareReportSchema }),
    shouldValidate: "onSubmit",
  });
  const [chosen, setChosen] = useState<SharePerson[]>(initiallyChosen);
  const [found, setFound] = useState<{ q: string; people: SharePerson[] } | null>(null);
  const [search, setSearch] = useState(q);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const pending = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      pending.current?.abort();
    },
    []
  );
  // A plain JSON request (not a fetcher): only the newest search's answer is kept.
  const load = (text: string) => {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    fetch(`${SHARE_PEOPLE_PATH}?q=${encodeURIComponent(text)}`, { signal: controller.signal, credentials: "same-origin" })
      .then((response) => (response.ok ? (response.json() as Promise<{ people: SharePerson[] }>) : null))
      .then((body) => {
        if (body && !controller.signal.aborted) setFound({ q: text, people: body.people });
      })
      .catch(() => {
        // Aborted by a newer search, or offline: the list stays as it was.
      });
  };
  const listed = found?.people ?? people;
  const chosenIds = new Set(chosen.map((p) => p.id));
  // Without JavaScript the chosen people who do not match the search are listed first, still checked.
  const rows = hydrated ? listed : [...initiallyChosen.filter((c) => !listed.some((p) => p.id === c.id)), ...listed];
  const toggle = (person: SharePerson, on: boolean) =>
    setChosen((list) => (on ? [...list.filter((p) => p.id !== person.id), person] : list.filter((p) => p.id !== person.id)));
  const errors = [...(fields.userIds.errors ?? []), ...(fields.report.errors ?? []), ...(form.errors ?? [])];
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="mt-4 flex min-h-[300px] flex-col gap-4" preventScrollReset>
      <input type="hidden" name="intent" value={SHARE_INTENT} />
      {reports.map((r) => (
        <input key={reportRefValue(r)} type="hidden" name="report" value={reportRefValue(r)} />
      ))}
      {keep.map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name={SHARE_DIALOG_PARAM} value={SHARE_DIALOG_VALUE} />
      <div className="flex items-end gap-2">
        <label className="flex flex-1 flex-col gap-1 text-sm font-medium text-slate-800">
          Search people
          <input
            type="search"
            name={SHARE_QUERY_PARAM}
            defaultValue={q}
            placeholder="Name or e-mail"
            autoComplete="off"
            onChange={(event) => {
              const text = event.currentTarget.value;
              setSearch(text);
              clearTimeout(timer.current);
              timer.current = setTimeout(() => load(text), SEARCH_DEBOUNCE_MS);
            }}
            onKeyDown={(event) => {
              if (!hydrated || event.key !== "Enter") return;
              // Enter searches at once; it does not share.
              event.preventDefault();
              clearTimeout(timer.current);
              load(search);
            }}
            className="rounded-md border border-slate-300 px-3 py-2 text-sm font-normal"
          />
        </label>
        {hydrated ? null : (
          // A GET of this form: the page again, with the search and the people checked so far.
          <button type="submit" formMethod="get" formAction={searchAction} formNoValidate className={buttonClass("secondary")}>
            Search
          </button>
        )}
      </div>

      {hydrated ? (
        <div aria-live="polite">
          {chosen.length === 0 ? (
            <p className="text-sm text-slate-600">No one chosen yet.</p>
          ) : (
            <ul className="flex flex-wrap gap-2" aria-label="Chosen people">
              {chosen.map((p) => (
                <li
                  key={p.id}
                  className="flex items-center gap-1 rounded-full bg-indigo-50 py-1 pl-3 pr-1 text-xs font-medium text-indigo-800"
                >
                  <input type="hidden" name="userIds" value={p.id} />
                  {p.name}
                  <button
                    type="button"
                    onClick={() => toggle(p, false)}
                    className="rounded-full px-1.5 text-indigo-700 hover:bg-indigo-100"
                    aria-label={`Remove ${p.name}`}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}

      <fieldset className="min-h-0 flex-1">
        <legend className="text-sm font-medium text-slate-800">People</legend>
        {rows.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No one matches the search.</p>
        ) : (
          <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2" data-share-people>
            {rows.map((p) => (
              <li key={p.id}>
                <label className="flex items-center gap-2 rounded px-2 py-1 text-sm hover:bg-slate-50">
                  {hydrated ? (
                    <input
                      type="checkbox"
                      value={p.id}
                      checked={chosenIds.has(p.id)}
                      onChange={(e) => toggle(p, e.currentTarget.checked)}
                    />
                  ) : (
                    <input type="checkbox" name="userIds" value={p.id} defaultChecked={initiallyChosen.some((c) => c.id === p.id)} />
                  )}
                  <span className="text-slate-900">{p.name}</span>
                  <span className="truncate text-slate-500">{p.title ? `· ${p.title}` : `· ${p.email}`}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      {errors.length > 0 ? (
        <p role="alert" id={fields.userIds.errorId} className="text-sm text-red-700">
          {errors.join(" ")}
        </p>
      ) : null}

      <div className="mt-auto flex justify-end gap-2">
        <Link to={closeTo} className={buttonClass("secondary")} preventScrollReset>
          Close
        </Link>
        <button type="submit" formMethod="post" disabled={hydrated && chosen.length === 0} className={buttonClass("primary")}>
          Share
        </button>
      </div>
    </Form>
  );
}
