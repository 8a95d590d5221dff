import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { ReportTableDownload } from "~/modules/reviews/components/report-table-download";
import { ReportTableFilters } from "~/modules/reviews/components/report-table-filters";
import { queueReportAnswer } from "~/modules/reports/generated.server";
import { loadAnswerTable, peopleFilterMatches } from "~/modules/reviews/reports/report-table.server";
import {
  ANSWER_COLUMNS,
  filtersFromSearch,
  filterSearch,
  NO_FILTERS,
  NO_REPORTS,
  PREVIEW_ROWS,
  REPORTS_TABLE_PATH,
} from "~/modules/reviews/reports/report-table.schema";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";
import { DENSITY, Table } from "~/ui/table";

const DEFAULT_TITLE = "Review Report";
const TitleSchema = z.object({
  title: z.string({ error: "A title is required." }).trim().min(1, "A title is required.").max(100, "The title is at most 100 characters."),
});

/**
 * /reviews/reports-table (000 §2 "/reviews/reports-table", §6 "super-admin-only report table"):
 * the same filters as the report table, a preview of the first answer-level rows
 * (Review, Reviewee, Reviewer, Question, Answer, Score, Comment) and Download. With JavaScript
 * Download streams every row (reviews.reports-table.download.tsx) and builds the XLSX in the
 * browser; without it the form posts here and the file is queued and e-mailed.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewReviewReportsTable");
  const params = new URL(request.url).searchParams;
  const filters = filtersFromSearch(params);
  const db = context.db;
  const [page, matches] = await Promise.all([
    loadAnswerTable(db, viewer, filters, context.config.sessionSecret),
    peopleFilterMatches(db, viewer, params),
  ]);
  return data({ filters, matches, ...page }, { headers: { "Cache-Control": "private, no-store" } });
}

/** Download without JavaScript: the rows of the filters as one queued XLSX ('Report will be emailed once completed'). */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewReviewReportsTable");
  const formData = await request.formData();
  const fields = new URLSearchParams();
  for (const [name, value] of formData) if (typeof value === "string") fields.append(name, value);
  const filters = filtersFromSearch(fields);
  const back = `${REPORTS_TABLE_PATH}${filterSearch(filters)}`;
  if (formData.get("intent") !== "download") throw new Response("Invalid intent", { status: 400 });
  const parsed = TitleSchema.safeParse({ title: formData.get("title") ?? undefined });
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "A title is required." }, { status: 400 });
  return queueReportAnswer(context, viewer, { kind: "bulk-xlsx", title: parsed.data.title, scope: { filters } }, { request, back });
}

export const meta = pageMeta;

export default function ReviewReportsTable() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { error: string } | undefined;
  const search = filterSearch(d.filters);
  return (
    <>
      <PageHeader title="Report Table" description="Every answer of the reviews' completed reports, one row per question and reviewer." />
      {d.options.reviews.length === 0 ? (
        <EmptyState icon="reviews" title={NO_FILTERS} />
      ) : (
        <>
          <ReportTableFilters action={REPORTS_TABLE_PATH} options={d.options} filters={d.filters} matches={d.matches} />
          {d.completedPairs === 0 ? (
            <EmptyState icon="reviews" title={NO_REPORTS} />
          ) : (
            <>
              <ReportTableDownload
                action={`${REPORTS_TABLE_PATH}${search}`}
                filters={d.filters}
                defaultTitle={DEFAULT_TITLE}
                titleError={actionData?.error ?? null}
              />
              <p className="mb-2 text-sm text-slate-600" data-completed-pairs={d.completedPairs}>
                {d.completedPairs === 1 ? "1 completed review matches" : `${d.completedPairs} completed reviews match`}; the first{" "}
                {PREVIEW_ROWS} answer rows are shown. Download has them all.
              </p>
              <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
                <Table
                  label="Report table preview"
                  data-answer-preview
                  className="min-w-full divide-y divide-slate-200 text-sm"
                  header="plain"
                  columnClassName={`${DENSITY.normal} font-semibold`}
                  columns={ANSWER_COLUMNS}
                  bodyClassName="divide-y divide-slate-100"
                >
                  {d.rows.map((row, i) => (
                    <tr key={i} data-answer-row>
                      {row.map((cell, j) => (
                        <td key={j} className="max-w-xs truncate px-3 py-2 text-slate-700" title={String(cell)}>
                          {cell}
                        </td>
                      ))}
                    </tr>
                  ))}
                </Table>
              </div>
            </>
          )}
        </>
      )}
    </>
  );
}
