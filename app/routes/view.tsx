import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { sameOriginPath } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { ViewSwitchSchema } from "~/modules/org/settings.schema";
import { saveView } from "~/modules/org/settings.server";

/** The super admin's User/Admin view switch (002 §2.2): POST only; it lives in the sidebar. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "ViewUserAdminSwitch");
  return redirect("/one-on-ones");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewUserAdminSwitch");
  const submission = parseWithZod(await request.formData(), { schema: ViewSwitchSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400 });
  }
  await saveView(context, viewer, submission.value.view);
  return redirect(sameOriginPath(submission.value.redirectTo, "/one-on-ones"));
}
