// Objectives campaigns in `npm run bench` (tests/bench/run.mjs): the manage page of Initech's
// launched campaign over its 5,000 people (app/db/seed/objectives-campaigns.ts), as Initech's
// admin sees it: the details, the counts by state and the first page (50) of participants by name
// with their objective counts.

/** OBJECTIVES_CAMPAIGN_IDS of the campaigns' seed module. */
export async function objectivesCampaignIds(loadSeedModule) {
  const seed = await loadSeedModule("../../app/db/seed/objectives-campaigns.ts");
  return seed.OBJECTIVES_CAMPAIGN_IDS;
}

export function objectivesCampaignPages(ids) {
  return [
    {
      key: "objectives-campaign-manage",
      name: "objectives campaign manage page",
      path: `/objective-campaigns/manage/${ids.initech}`,
      note: `Objectives campaigns › Manage: ${ids.initech}, launched over Initech's active people (about 4,900 of 5,000): details, counts by state and the first 50 participants by name with their objective counts`,
      // The page of that campaign with its participants, not a redirect or an empty list.
      expect: { pattern: /data-participant="u-initech-/, what: "participants listed" },
    },
  ];
}
