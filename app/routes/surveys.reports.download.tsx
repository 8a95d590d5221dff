import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { toXlsx, XLSX_CONTENT_TYPE } from "~/lib/spreadsheet.server";
import { requireViewer } from "~/modules/auth/session.server";
import { attachmentHeader } from "~/modules/reviews/review-detail.server";
import { DOWNLOAD_TEXTS, loadSelection, mayDownload, reportRows, runReport } from "~/modules/surveys/report.server";

/**
 * A survey report as .xlsx (001 §2 "Download … only when the survey is closed or has live
 * results"; §7 "file name is survey label plus launch time"). Same rules as the page: the run of
 * the viewer's company (404), one the viewer may see (home otherwise), results shown (else 404).
 * Cells are escaped against formula injection by toXlsx.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const runId = new URL(request.url).searchParams.get("surveyId")?.trim().slice(0, 100) || null;
  if (!runId) throw new Response("Not Found", { status: 404 });
  const db = context.db;
  const selection = await loadSelection(db, viewer, { placeId: null, runId, newestByDefault: false });
  if (selection === "not-found") throw new Response("Not Found", { status: 404 });
  if (selection === "forbidden") return new Response(null, { status: 302, headers: { Location: "/" } });
  if (!selection.run) throw new Response("Not Found", { status: 404 });
  const run = selection.run;
  const result = await runReport(db, viewer.company.id, run, { limit: DOWNLOAD_TEXTS });
  if (result.status !== "ready" || !mayDownload(run, result)) throw new Response("Not Found", { status: 404 });
  const stamp = new Date(run.launchedAt).toISOString().slice(0, 16).replace("T", " ").replace(":", "-");
  const fileName = `${run.title} - ${stamp}.xlsx`;
  return new Response(toXlsx(reportRows(run, result), "Survey report"), {
    headers: {
      "Content-Type": XLSX_CONTENT_TYPE,
      "Content-Disposition": attachmentHeader(fileName),
      "Cache-Control": "private, no-store",
    },
  });
}
