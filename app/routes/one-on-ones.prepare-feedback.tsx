import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { craftAction, craftPageData, type CraftReply } from "~/modules/one-on-ones/ai-feedback-page.server";
import { FeedbackCrafterPage } from "~/modules/one-on-ones/components/feedback-crafter-page";

/**
 * The feedback crafting tool (001 §2 prepare feedback, §7): /one-on-ones/:oneOnOneId/prepare-feedback/:prepareAiFeedbackId,
 * `new` before the meeting has an AI feedback. The detail page opens the same tool in a dialog
 * (CraftLink) by loading this route's data.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewAiFeedback");
  return data(await craftPageData(context, viewer, params.oneOnOneId ?? "", params.prepareAiFeedbackId ?? ""));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewAiFeedback");
  return craftAction(context, viewer, request, params.oneOnOneId ?? "", params.prepareAiFeedbackId ?? "");
}

export const meta = pageMeta;

export default function PrepareFeedback() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<CraftReply>();
  return <FeedbackCrafterPage page={page} reply={reply ?? null} />;
}
