import { Form, Link, useNavigation } from "@remix-run/react";
import { sharedCopy } from "~/lib/copy";
import { Button } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { utcDay } from "~/ui/format";
import { INPUT_CLASS } from "~/ui/form-fields";
import { PageHeader } from "~/ui/page-header";
import { Pager } from "~/ui/pager";
import { SortHeader } from "~/ui/sort-header";
import { DataTable, HiddenHeader } from "~/ui/table";
import {
  REPORT_LIST_PATH,
  REPORT_TYPES,
  reportListHref,
  sortHref,
  type ReportListFilters,
  type ReportRowData,
  type ReportType,
} from "../report-list";

const words = sharedCopy.analyticsReports;
const TYPE_LABELS: Record<ReportType, string> = {
  review: words.types.review,
  survey: words.types.survey,
  "feedback-loop": words.types.feedbackLoop,
  "data-studio": words.types.dataStudio,
};
const CELL = "px-3 py-2 align-top";

export interface ReportListPageData {
  filters: ReportListFilters;
  error: string | null;
  rows: ReportRowData[];
  total: number;
  page: number;
  pages: number;
}

/** Analytics › Reports: the GET filter form, the sortable and paged list, each row's runs and its Download or Open. */
export function ReportListPage({ data }: { data: ReportListPageData }) {
  const f = data.filters;
  return (
    <>
      <PageHeader title={words.title} description={words.description} />
      <Form method="get" action={REPORT_LIST_PATH} className="mb-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-report-filters>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <label className="block text-sm font-medium text-slate-700">
            {words.type}
            <select name="type" defaultValue={f.type ?? ""} className={INPUT_CLASS}>
              <option value="">{words.types.all}</option>
              {REPORT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm font-medium text-slate-700">
            {words.search}
            <input type="search" name="search" defaultValue={f.search} maxLength={100} className={INPUT_CLASS} />
          </label>
          <label className="block text-sm font-medium text-slate-700">
            {words.from}
            <input type="date" name="from" defaultValue={f.from ?? ""} className={INPUT_CLASS} aria-describedby={data.error ? "report-dates-error" : undefined} />
          </label>
          <label className="block text-sm font-medium text-slate-700">
            {words.to}
            <input type="date" name="to" defaultValue={f.to ?? ""} className={INPUT_CLASS} />
          </label>
        </div>
        {f.sort !== "date" || f.dir !== "desc" ? (
          <>
            <input type="hidden" name="sort" value={f.sort} />
            <input type="hidden" name="dir" value={f.dir} />
          </>
        ) : null}
        {data.error ? (
          <p id="report-dates-error" role="alert" className="mt-3 text-sm text-red-700">
            {data.error}
          </p>
        ) : null}
        <div className="mt-4">
          <Button type="submit">{words.apply}</Button>
        </div>
      </Form>
      {data.rows.length === 0 ? (
        <EmptyState title={words.empty} />
      ) : (
        <>
          <DataTable
            label={words.title}
            columns={[
              <SortHeader key="name" label={words.name} active={f.sort === "name"} dir={f.dir} href={sortHref(f, "name")} />,
              <SortHeader key="type" label={words.type} active={f.sort === "type"} dir={f.dir} href={sortHref(f, "type")} />,
              words.anonymity,
              <SortHeader key="date" label={words.date} active={f.sort === "date"} dir={f.dir} href={sortHref(f, "date")} />,
              <HiddenHeader key="actions" className="px-3 py-2" label={words.actions} />,
            ]}
          >
            {data.rows.map((row) => (
              <ReportRow key={row.uniqueId} row={row} />
            ))}
          </DataTable>
          <Pager page={data.page} pages={data.pages} total={data.total} noun={words.noun} hrefFor={(page) => reportListHref(f, { page })} />
        </>
      )}
    </>
  );
}

function DownloadForm({ intent, id, label }: { intent: string; id: string; label: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === id;
  return (
    <Form method="post" className="inline" data-report-download={id}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="secondary" disabled={busy} aria-label={label}>
        {words.download}
      </Button>
    </Form>
  );
}

function ReportRow({ row }: { row: ReportRowData }) {
  return (
    <tr data-report-row={row.uniqueId} data-type={row.type} data-anonymous={row.anonymous ? "" : undefined}>
      <td className={CELL}>
        <Link to={row.href} className="font-medium text-indigo-700 hover:underline">
          {row.name}
        </Link>
        {row.children ? (
          row.children.length > 0 ? (
            <details className="mt-1 text-sm" data-children={row.uniqueId}>
              <summary className="cursor-pointer text-slate-600">
                {words.showRuns} ({words.runs(row.children.length)})
              </summary>
              <ul className="mt-2 space-y-2">
                {row.children.map((child) => (
                  <li key={child.uniqueId} data-report-child={child.uniqueId} className="flex flex-wrap items-center gap-3">
                    <Link to={child.href} className="text-indigo-700 hover:underline">
                      {child.name}
                    </Link>
                    <span className="text-slate-500">{utcDay(child.at)}</span>
                    {child.download ? <DownloadForm intent="survey-run" id={child.id} label={`${words.download} ${row.name} ${child.name}`} /> : null}
                  </li>
                ))}
              </ul>
            </details>
          ) : (
            <p className="mt-1 text-sm text-slate-500">{words.noRuns}</p>
          )
        ) : row.childCount > 0 ? (
          <p className="mt-1 text-sm text-slate-500" data-children-hidden>
            {words.runs(row.childCount)} · {words.childrenHidden}
          </p>
        ) : null}
      </td>
      <td className={CELL}>{TYPE_LABELS[row.type]}</td>
      <td className={CELL}>{row.anonymous ? words.anonymous : words.named}</td>
      <td className={CELL}>{row.at ? utcDay(row.at) : "—"}</td>
      <td className={`${CELL} text-right`}>
        {row.download ? (
          <DownloadForm intent="review" id={row.id} label={`${words.download} ${row.name}`} />
        ) : (
          <Link to={row.href} className="text-sm font-medium text-indigo-700 hover:underline" aria-label={`${words.open} ${row.name}`}>
            {words.open}
          </Link>
        )}
      </td>
    </tr>
  );
}
