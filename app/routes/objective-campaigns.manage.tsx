import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { campaignManageAction, campaignManageData, editPath } from "~/modules/objectives/campaign-pages.server";
import { CampaignManagePage } from "~/modules/objectives/components/campaign-manage";

/**
 * /objective-campaigns/manage/:objectivesCampaignId (001 §2): who has set objectives and who has
 * not, with reminders. Another company's campaign is a 404; a draft's address opens its draft.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewManageReviews");
  const view = await campaignManageData(context, viewer, params.objectivesCampaignId, new URL(request.url));
  return data({ ...view, editHref: editPath(view.campaign.id) });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewManageReviews");
  return campaignManageAction(context, viewer, request, params.objectivesCampaignId);
}

export const meta = pageMeta;

export default function ObjectiveCampaignManage() {
  return <CampaignManagePage {...useLoaderData<typeof loader>()} />;
}
