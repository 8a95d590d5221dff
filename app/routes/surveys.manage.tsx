import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { copy } from "~/lib/copy";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import {
  MANAGE_SURVEYS_PATH,
  RUN_FILTERS,
  RunStateBadge,
  runDetailPath,
  runTime,
  type RunFilter,
} from "~/modules/surveys/components/respond-run-parts";
import { listRuns, progressOf, RUNS_PAGE_SIZE } from "~/modules/surveys/runs.server";
import { Button } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";
import { Pager } from "~/ui/pager";
import { DataTable } from "~/ui/table";

/**
 * /surveys/manage-surveys (001 §2 "Manage surveys"): the launched runs, filtered by state with a
 * plain GET form; the launched-by filter only for holders of ViewLaunchedByOthersSurveysFilter.
 * A row opens the run's details.
 */

/** 001 §2, quoted. */
const NO_DATA = "No Survey Data available.";
const FILTER_LABELS: Record<RunFilter, string> = { open: "Open", closed: "Closed", all: "All" };

function queryOf(url: URL) {
  const state = url.searchParams.get("state");
  const page = Number(url.searchParams.get("page") ?? "1");
  return {
    state: (RUN_FILTERS as readonly string[]).includes(state ?? "") ? (state as RunFilter) : ("open" as const),
    launchedBy: url.searchParams.get("launchedBy")?.slice(0, 100) || null,
    page: Number.isInteger(page) && page > 0 && page < 10_000 ? page : 1,
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewSurveys");
  const query = queryOf(new URL(request.url));
  const { rows, total, launchers } = await listRuns(context.db, viewer, query);
  return data({
    query: { ...query, launchedBy: launchers ? query.launchedBy : null },
    rows: rows.map((r) => ({ ...r, progress: progressOf(r) })),
    total,
    pages: Math.max(1, Math.ceil(total / RUNS_PAGE_SIZE)),
    launchers,
    workspaceLabel: copy(viewer.company.platform).workspace,
  });
}

export const meta = pageMeta;

export default function ManageSurveys() {
  const { query, rows, total, pages, launchers, workspaceLabel } = useLoaderData<typeof loader>();
  const closingHeader = query.state === "open" ? "Closes At" : query.state === "closed" ? "Closed At" : "Closes At / Closed At";
  const hrefFor = (page: number) => {
    const params = new URLSearchParams({ state: query.state });
    if (query.launchedBy) params.set("launchedBy", query.launchedBy);
    if (page > 1) params.set("page", String(page));
    return `${MANAGE_SURVEYS_PATH}?${params}`;
  };
  return (
    <>
      <PageHeader title="Manage Surveys" />
      <Form
        method="get"
        className="mb-4 flex flex-wrap items-end gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-sm"
        aria-label="Filter surveys"
      >
        <label className="flex items-center gap-1.5 text-slate-700">
          State
          <select name="state" defaultValue={query.state} className="rounded-md border border-slate-300 px-2 py-1">
            {RUN_FILTERS.map((s) => (
              <option key={s} value={s}>
                {FILTER_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        {launchers ? (
          <label className="flex items-center gap-1.5 text-slate-700">
            Launched by
            <select name="launchedBy" defaultValue={query.launchedBy ?? ""} className="rounded-md border border-slate-300 px-2 py-1">
              <option value="">Anyone</option>
              {launchers.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      </Form>
      {rows.length === 0 ? (
        <EmptyState icon="surveys" title={NO_DATA} />
      ) : (
        <>
          <DataTable
            label="Surveys"
            columns={["Title", "Template", "Launched By", workspaceLabel, "Launched At", closingHeader, "Progress (%)"]}
            dataRows
          >
            {rows.map((r) => (
              <tr key={r.id} data-run-id={r.id} className="relative hover:bg-slate-50">
                <td className="font-medium text-slate-900">
                  {/* The link covers the row: a row click opens the details (001 §2). */}
                  <Link to={runDetailPath(r.id)} className="after:absolute after:inset-0 hover:text-indigo-700">
                    {r.title}
                  </Link>{" "}
                  <RunStateBadge state={r.state} />
                </td>
                <td>{r.templateName ?? "—"}</td>
                <td>{r.launchedBy ?? "—"}</td>
                <td>{r.place ?? "—"}</td>
                <td className="whitespace-nowrap">{runTime(r.launchedAt)}</td>
                <td className="whitespace-nowrap">{r.state === "closed" ? runTime(r.closedAt) : runTime(r.closesAt)}</td>
                <td className="num" data-progress={r.progress}>
                  <span title={`${r.submittedCount} of ${r.audienceCount} responded`}>{r.progress}%</span>
                </td>
              </tr>
            ))}
          </DataTable>
          <Pager page={query.page} pages={pages} total={total} noun="surveys" hrefFor={hrefFor} />
        </>
      )}
    </>
  );
}
