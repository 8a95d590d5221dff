import { describe, expect, it } from "vitest";
import { copy } from "~/lib/copy";
import {
  CHARTS,
  everyFigureZero,
  GROUP_TILES,
  groupsLegend,
  leaderboardProfileHref,
  PERSONAL_TILES,
  tileHref,
} from "~/modules/insights/components/insights-view";
import type { ChartItem, GroupOverview, InsightsCharts, PersonalOverview } from "~/modules/insights/types";

const noCharts: InsightsCharts = { competency: [], strengthCompetency: [], developmentCompetency: [] };
const zeroPersonal: PersonalOverview = {
  totalFeedbackSent: 0,
  totalFeedbackReceived: 0,
  totalFeedbackRequested: 0,
  totalPraiseSent: 0,
  totalPraiseReceived: 0,
  totalSurveysSubmitted: 0,
};
const zeroGroup: GroupOverview = {
  totalFeedbackCount: 0,
  totalFeedbackRequestCount: 0,
  totalPublicPraise: 0,
  totalSurveySubmittedCount: 0,
  userParticipatedCount: 0,
};
const item = (over: Partial<ChartItem>): ChartItem => ({
  id: "k-acme-ownership",
  dimensionId: "k-acme-ownership",
  name: "Ownership",
  title: "Ownership",
  behaviourType: "",
  count: 3,
  avg: 50,
  ...over,
});

describe("Feedback Insights card", () => {
  it("has a tile for every field of the specification's overviews, in its order", () => {
    expect([...PERSONAL_TILES].sort()).toEqual(Object.keys(zeroPersonal).sort());
    expect([...GROUP_TILES].sort()).toEqual(Object.keys(zeroGroup).sort());
    expect(CHARTS).toEqual(["competency", "strengthCompetency", "developmentCompetency"]);
    for (const field of PERSONAL_TILES) expect(copy("slack").insights.personalTiles[field]).toBeTruthy();
    for (const field of GROUP_TILES) expect(copy("msteams").insights.groupTiles[field]).toBeTruthy();
  });

  it("is empty only when every tile and every treemap tile is 0", () => {
    expect(everyFigureZero(zeroPersonal, noCharts)).toBe(true);
    expect(everyFigureZero(zeroGroup, noCharts)).toBe(true);
    expect(everyFigureZero({ ...zeroPersonal, totalSurveysSubmitted: 1 }, noCharts)).toBe(false);
    expect(everyFigureZero({ ...zeroGroup, userParticipatedCount: 1 }, noCharts)).toBe(false);
    expect(everyFigureZero(zeroPersonal, { ...noCharts, developmentCompetency: [item({ count: 1 })] })).toBe(false);
    expect(everyFigureZero(zeroPersonal, { ...noCharts, competency: [item({ count: 0 })] })).toBe(true);
  });

  it("links a competency tile to the person's feedback by competency over the range", () => {
    const href = tileHref("/my-team/default/users/u-acme-eve", item({}), { startDate: "2026-08-26", endDate: "2026-11-26" });
    expect(href).toBe("/my-team/default/users/u-acme-eve/feedback?competency=k-acme-ownership&startDate=2026-08-26&endDate=2026-11-26");
  });

  it("links a strength or development tile by competency, behaviour and behaviour type", () => {
    const strength = item({ id: "k-acme-ownership-2", behaviourType: "strength" });
    expect(tileHref("/my-profile/u-acme-eve", strength, { startDate: "2026-08-26", endDate: "2026-11-26" })).toBe(
      "/my-profile/u-acme-eve/feedback?competency=k-acme-ownership&behaviour=k-acme-ownership-2&behaviourType=strength&startDate=2026-08-26&endDate=2026-11-26"
    );
    const url = new URL(tileHref("/my-profile/u-1", item({ id: "b&1", dimensionId: "k 1", behaviourType: "developmentArea" }), { startDate: "2026-01-01", endDate: "" }), "http://x");
    expect(Object.fromEntries(url.searchParams)).toEqual({ competency: "k 1", behaviour: "b&1", behaviourType: "developmentArea", startDate: "2026-01-01" });
  });

  it("sends a leaderboard name to the page's profile base, one's own row to one's own profile, nowhere without a base", () => {
    const href = leaderboardProfileHref("/my-team/rel-acme-phoenix/users", "u-acme-eve")!;
    expect(href("u-acme-ed")).toBe("/my-team/rel-acme-phoenix/users/u-acme-ed");
    expect(href("u-acme-eve")).toBe("/my-profile/u-acme-eve");
    expect(leaderboardProfileHref(null, "u-acme-eve")).toBeNull();
  });

  it("names the groups filter by the platform's words", () => {
    expect(groupsLegend(copy("slack"))).toBe("Workspaces and Channels");
    expect(groupsLegend(copy("msteams"))).toBe("Groups");
  });

  it("says why a group's figures are withheld, naming its size and the minimum", () => {
    expect(copy("slack").insights.withheld(2, 3)).toContain("this group has 2 people, fewer than the anonymity minimum of 3");
    expect(copy("slack").insights.withheld(1, 3)).toContain("has 1 person,");
  });
});
