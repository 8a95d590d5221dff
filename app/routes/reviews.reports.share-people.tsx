import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requirePermission } from "~/modules/auth/session.server";
import { sharePeople } from "~/modules/reviews/reports/share.server";

/**
 * The Share-report dialog's people search with JavaScript (?q=): active people of the viewer's
 * company by name or e-mail, as JSON. Only for those who may share reports (ViewReviewReports).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewReviewReports");
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const { people } = await sharePeople(context, viewer, q);
  return Response.json({ people }, { headers: { "Cache-Control": "private, no-store" } });
}
