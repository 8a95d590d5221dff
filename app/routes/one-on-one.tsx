import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { OneOnOnePage, type MeetingActionData } from "~/modules/one-on-ones/components/one-on-one-page";
import { DONE_MESSAGES, loadMeetingPage, runMeetingAction } from "~/modules/one-on-ones/detail.server";

/** /one-on-ones/:oneOnOneId (001 §2): a meeting its parties (and super admins) see; anyone else goes back to the list. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewAiFeedback");
  return data(await loadMeetingPage(context, viewer, params.oneOnOneId, new URL(request.url)));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewAiFeedback");
  const outcome = await runMeetingAction(context, viewer, params.oneOnOneId, await request.formData());
  if (outcome.kind === "invalid") return data<MeetingActionData>({ intent: outcome.intent, result: outcome.result }, { status: 400 });
  if (outcome.kind === "refused") return data<MeetingActionData>({ intent: outcome.intent, error: outcome.error }, { status: outcome.status });
  return redirectWithToast(`/one-on-ones/${encodeURIComponent(params.oneOnOneId ?? "")}`, { type: "success", message: DONE_MESSAGES[outcome.intent] }, { request });
}

export const meta = pageMeta;

export default OneOnOnePage;
