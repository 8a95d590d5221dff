import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { campaignListData } from "~/modules/objectives/campaign-pages.server";
import { CampaignListPage } from "~/modules/objectives/components/campaign-list";

/** /objective-campaigns (001 §2): the company's objectives campaigns. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewManageReviews");
  return data(await campaignListData(context, viewer));
}

export const meta = pageMeta;

export default function ObjectiveCampaigns() {
  const { rows } = useLoaderData<typeof loader>();
  return <CampaignListPage rows={rows} />;
}
