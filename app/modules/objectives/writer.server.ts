import type { AppLoadContext } from "@remix-run/cloudflare";

/**
 * The single writer of one objectives campaign (durable-objects/objectives-campaign.ts). Every
 * change to a campaign, its participants or the objectives set in it goes through it.
 */
export function objectivesCampaignWriter(context: AppLoadContext, campaignId: string) {
  const namespace = context.cloudflare.env.OBJECTIVES_CAMPAIGN;
  return namespace.get(namespace.idFromName(`campaign:${campaignId}`));
}
