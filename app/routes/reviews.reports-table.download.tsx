import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requirePermission } from "~/modules/auth/session.server";
import { answerRowPages } from "~/modules/reviews/reports/report-table.server";
import { ANSWER_COLUMNS, DownloadRequestSchema, ReportFiltersSchema } from "~/modules/reviews/reports/report-table.schema";

/** The JSON body is a title and a few filters: anything larger is not one of ours. */
const MAX_BODY_BYTES = 64 * 1024;
export const NDJSON_CONTENT_TYPE = "application/x-ndjson; charset=utf-8";

const problem = (status: number, error: string) =>
  new Response(JSON.stringify({ error }), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * The super admin's report table as newline-delimited JSON (000 §7 "Streaming report download":
 * a POST with a JSON body including title; the answer is one JSON array per line). The first line
 * is the header, then one line per answer row, streamed as D1 gives pages of completed pairs: the
 * Worker holds one page at a time, never the whole result. Cells are escaped against formula
 * injection (answerCells), since the browser writes them into an XLSX as they are.
 *
 * Who: the session cookie and ViewReviewReportsTable (the specification's "bearer token kept from
 * sign-in" is our session); anyone else is sent home like any page without its permission. A body
 * that is not `{ title, filters }` is a 400 with a clear error, and nothing is read.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewReviewReportsTable");
  if (request.method !== "POST") return problem(405, "Use POST.");
  if (!(request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("application/json")) {
    return problem(415, "Send the request as application/json.");
  }
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return problem(413, "The request body is too large.");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return problem(400, "The request body is not valid JSON.");
  }
  const parsed = DownloadRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    return problem(400, `Invalid request: ${where}${issue?.message ?? "unexpected body"}`);
  }
  const filters = ReportFiltersSchema.parse(parsed.data.filters);
  const pages = answerRowPages(context.db, { viewer, filters, orderSecret: context.config.sessionSecret });
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${JSON.stringify(ANSWER_COLUMNS)}\n`));
    },
    // One page of pairs per pull: the stream reads D1 only as fast as the browser takes the rows.
    async pull(controller) {
      try {
        // A page can hold no rows (pairs of a questionnaire without questions): read on, since a
        // pull that enqueues nothing is not called again.
        for (;;) {
          const next = await pages.next();
          if (next.done) {
            controller.close();
            return;
          }
          if (next.value.length === 0) continue;
          let chunk = "";
          for (const row of next.value) chunk += `${JSON.stringify(row)}\n`;
          controller.enqueue(encoder.encode(chunk));
          return;
        }
      } catch (error) {
        console.error("report table download failed", error);
        controller.error(error);
      }
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": NDJSON_CONTENT_TYPE,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** Only the POST answers; a GET (a typed address) finds nothing here. */
export function loader() {
  return new Response("Not Found", { status: 404 });
}
