import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { XLSX_CONTENT_TYPE, toXlsx } from "~/lib/spreadsheet.server";
import { requirePermission } from "~/modules/auth/session.server";
import { reportRows, requireRelationship } from "~/modules/org/relationships.server";

/** GET /organization/settings/relationships/:relationshipId/report: the members as an .xlsx. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewRelationships");
  const relationship = await requireRelationship(context, viewer, params.relationshipId ?? "");
  const rows = await reportRows(context, viewer.company.id, relationship.id);
  const body = toXlsx(rows, relationship.name);
  const filename = `${relationship.name} members.xlsx`;
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(body, {
    headers: {
      "Content-Type": XLSX_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      "Cache-Control": "private, no-store",
    },
  });
}
