import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { sharedCopy } from "~/lib/copy";
import { Button } from "~/ui/button";
import { FieldError } from "~/ui/form-fields";
import { PageHeader } from "~/ui/page-header";
import { useHydrated } from "~/ui/use-hydrated";
import { DEFINITIONS, dataStudioSchema, tableOf, VIEW_TITLE_MAX } from "../data-studio.schema";
import { QUERY_LIMITS } from "../query-types";
import type { DataStudioPageData, DataStudioReply, DataStudioState } from "../page.server";
import { AddColumnPicker, ColumnList } from "./column-list";
import { columnTree } from "./column-tree";
import { PreviewTable } from "./preview-table";

/**
 * Data Studio (001 §2): Load View, the query's title with Save View, Download, Clear and Run, the
 * columns with Add Column +, and the preview of the first rows. The page is one form of intents
 * (data-studio.schema.ts) carrying the query as JSON: without JavaScript each button posts it and
 * the page comes back with the next step; with JavaScript a fetcher posts the same form and the
 * page keeps what is being typed (the title is only replaced when the answer is for what was sent).
 */

const T = sharedCopy.dataStudio;
type StateReply = Extract<DataStudioReply, { kind: "state" }>;

export function DataStudioPage({ page, reply }: { page: DataStudioPageData; reply: StateReply | null }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<DataStudioReply>();
  const navigation = useNavigation();
  const [state, setState] = useState<DataStudioState>(reply?.state ?? page.state);
  const [views, setViews] = useState(reply?.views ?? page.views);
  const [title, setTitle] = useState(state.title);
  const sentTitle = useRef<string | null>(null);
  const columnsHeading = useRef<HTMLHeadingElement>(null);

  // A new page load (Load View, a link): its data replaces the query. The first render has it already.
  const loaded = useRef(page);
  useEffect(() => {
    if (loaded.current === page) return;
    loaded.current = page;
    setState(page.state);
    setViews(page.views);
    setTitle(page.state.title);
  }, [page]);

  const answered = fetcher.data?.kind === "state" ? fetcher.data : null;
  useEffect(() => {
    if (!answered) return;
    setState(answered.state);
    if (answered.views) setViews(answered.views);
    setTitle((typed) => (sentTitle.current === null || typed === sentTitle.current ? answered.state.title : typed));
    sentTitle.current = null;
    // A button that went with the change (a removed column's) leaves the focus nowhere: bring it to the columns.
    requestAnimationFrame(() => {
      if (!document.activeElement || document.activeElement === document.body) columnsHeading.current?.focus();
    });
  }, [answered]);

  const [form, fields] = useForm({
    id: "data-studio",
    lastResult: (answered ?? reply)?.result as SubmissionResult<string[]> | undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: dataStudioSchema }),
    onSubmit: (event, { formData }) => {
      if (!hydrated) return;
      event.preventDefault();
      formData.set("js", "1");
      sentTitle.current = String(formData.get("title") ?? "");
      fetcher.submit(formData, { method: "post" });
    },
  });

  const definitions = DEFINITIONS;
  const table = tableOf(definitions, state.doc.table);
  const nodes = useMemo(() => columnTree(state.doc, definitions), [state.doc, definitions]);
  const busy = fetcher.state !== "idle" || navigation.state === "submitting";
  const titleErrors = fields.title.errors;

  return (
    <>
      <PageHeader title={T.title} />
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-2" aria-label={T.loadView}>
        <label className="block text-sm">
          <span className="font-medium text-slate-700">{T.loadViewLabel}</span>
          <select name="view" defaultValue={state.viewId ?? ""} key={state.viewId ?? ""} className="mt-1 block w-64 rounded-md border border-slate-300 px-2 py-2 text-sm" data-ds-views>
            <option value="" disabled>
              {views.length ? T.chooseView : T.noViews}
            </option>
            {views.map((v) => (
              <option key={v.id} value={v.id}>
                {v.title}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="secondary" disabled={views.length === 0}>
          {T.loadView}
        </Button>
      </Form>

      <Form method="post" {...getFormProps(form)} className="space-y-4" aria-busy={busy || undefined}>
        {/* Enter in a field runs the query (with every filter the form shows), never a column's remove button. */}
        <button type="submit" name="intent" value="run" className="sr-only" tabIndex={-1} aria-hidden="true" />
        <input type="hidden" name="query" value={JSON.stringify(state.doc)} />
        <input type="hidden" name="viewId" value={state.viewId ?? ""} />

        <div className="flex flex-wrap items-end gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <label className="block text-sm">
            <span className="font-medium text-slate-700">{T.table}</span>
            <select name="table" defaultValue={state.doc.table} key={state.doc.table} className="mt-1 block rounded-md border border-slate-300 px-2 py-2 text-sm">
              {definitions.map((t) => (
                <option key={t.name} value={t.name}>
                  {t.displayName}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" name="intent" value="setTable" variant="secondary">
            {T.useTable}
          </Button>
          <div className="min-w-48 flex-1">
            <label htmlFor={fields.title.id} className="block text-sm font-medium text-slate-700">
              {T.viewTitle}
            </label>
            <input
              id={fields.title.id}
              name="title"
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              maxLength={VIEW_TITLE_MAX}
              aria-invalid={titleErrors ? true : undefined}
              aria-describedby={titleErrors ? fields.title.errorId : undefined}
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
            />
            <FieldError id={fields.title.errorId} errors={titleErrors} alert />
          </div>
          <Button type="submit" name="intent" value="save" variant="secondary">
            {T.saveView}
          </Button>
          <Button type="submit" name="intent" value="download" variant="secondary">
            {T.download}
          </Button>
          <Button type="submit" name="intent" value="clear" variant="secondary" formNoValidate>
            {T.clear}
          </Button>
          <Button type="submit" name="intent" value="run">
            {T.run}
          </Button>
        </div>

        <div aria-live="polite" className="min-h-[1.25rem] text-sm">
          {busy ? <span className="text-slate-600">{T.working}</span> : null}
          {!busy && state.notice ? (
            <p className={state.notice.type === "error" ? "text-red-700" : "text-emerald-700"} data-ds-notice>
              {state.notice.message}
            </p>
          ) : null}
        </div>
        {state.error && !titleErrors ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800" data-ds-error>
            {state.error}
          </p>
        ) : null}

        <section aria-labelledby="ds-columns" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <div className="mb-2 flex items-center justify-between gap-2">
            <h2 id="ds-columns" ref={columnsHeading} tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
              {T.columns}
              {table ? <span className="ml-2 text-sm font-normal text-slate-600">{table.displayName}</span> : null}
            </h2>
            {table ? <AddColumnPicker table={table} hydrated={hydrated} /> : null}
          </div>
          <ColumnList nodes={nodes} hydrated={hydrated} entities={state.entities} />
        </section>
      </Form>

      <section aria-labelledby="ds-preview" className="mt-4">
        <h2 id="ds-preview" className="text-base font-semibold text-slate-900">
          {T.preview}
        </h2>
        <p className="mb-2 text-sm text-slate-600">{T.previewNote(QUERY_LIMITS.previewRows)}</p>
        <PreviewTable result={state.result} />
      </section>
    </>
  );
}
