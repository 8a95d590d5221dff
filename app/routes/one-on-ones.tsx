import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { OneOnOnesPage } from "~/modules/one-on-ones/components/one-on-ones-page";
import { loadOneOnOnesPage } from "~/modules/one-on-ones/list.server";

/** /one-on-ones (001 §2): the viewer's 1-on-1s (the company's in the ADMIN view) and the engagement overview. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewAiFeedback");
  return data(await loadOneOnOnesPage(context.db, viewer, new URL(request.url)));
}

export const meta = pageMeta;

export default OneOnOnesPage;
