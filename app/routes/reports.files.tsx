import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { downloadHeaders } from "~/lib/download.server";
import { requireViewer } from "~/modules/auth/session.server";
import { reportFileFor } from "~/modules/reports/generated.server";
import { REPORT_BUILDERS } from "~/report-builders.server";

/**
 * /reports/files/:reportId: a generated report's file (the link in "Your report is ready"). Who
 * may download is checked now, not when the report was asked for: the viewer's company, a ready
 * report, and the rule of the page it comes from (app/modules/reports/generated.server.ts);
 * anything else is a 404, so the link tells nobody else that the report exists.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const found = await reportFileFor(context, viewer, (params.reportId ?? "").slice(0, 100), REPORT_BUILDERS);
  if (!found) throw new Response("Not Found", { status: 404 });
  return new Response(found.object.body, { headers: downloadHeaders(found.file.contentType, found.file.name) });
}
