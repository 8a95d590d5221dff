import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requirePermission } from "~/modules/auth/session.server";

/** Survey insights has one view, by department (001 §2): the bare path opens it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "ViewSurveys");
  return redirect("/surveys/survey-insights/department");
}
