import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, type ShouldRevalidateFunctionArgs } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { campaignFormAction, campaignFormData, type FormReply } from "~/modules/objectives/campaign-pages.server";
import { CampaignFormPage } from "~/modules/objectives/components/campaign-form";

/**
 * The objectives campaign form (001 §2, §4): /objective-campaigns/launch-review creates one (with
 * ?objectivesCampaignId= it edits that one), /objective-campaigns/draft/:objectivesCampaignId
 * edits a draft. Another company's campaign is a 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewManageReviews");
  const form = await campaignFormData(context, viewer, params.objectivesCampaignId, new URL(request.url));
  return data({ ...form, crumbLabels: form.campaign ? { objectivesCampaignId: form.campaign.title } : {} });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewManageReviews");
  return campaignFormAction(context, viewer, request, params.objectivesCampaignId);
}

export const meta = pageMeta;

/** A refused or searched form keeps its page: the same new campaign id, request id and typed values. */
export function shouldRevalidate({ formMethod, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod === "POST" && actionResult) return false;
  return defaultShouldRevalidate;
}

export default function ObjectiveCampaignForm() {
  const { campaign, chosen, newId, requestId } = useLoaderData<typeof loader>();
  const reply = useActionData<FormReply>();
  return (
    <CampaignFormPage
      key={campaign?.id ?? "new"}
      campaign={campaign}
      chosen={chosen}
      newId={newId}
      requestId={requestId}
      lastResult={reply?.result as never}
      error={reply?.error ?? null}
      search={reply?.search ?? null}
    />
  );
}
