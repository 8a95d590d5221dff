import { describe, expect, it } from "vitest";
import { defaultRange, defaultScope, insightsQuery, parseInsightsFilters, rangeEnd, validDay } from "~/modules/insights/filters";
import { leaderboardFrom, percent } from "~/modules/insights/leaderboard";
import type { LeaderboardRow } from "~/modules/insights/types";

const today = "2026-11-26";
const parse = (q: string, kind: Parameters<typeof defaultScope>[0] = "departmentInsights", platform: "slack" | "msteams" = "slack", groupIds?: string[]) =>
  parseInsightsFilters(new URLSearchParams(q), { kind, platform, today, groupIds });

describe("insights filters", () => {
  it("default to the last 3 months up to today and the second feedback type", () => {
    expect(parse("")).toEqual({ startDate: "2026-08-26", endDate: today, scope: "group", groupIds: [] });
  });

  it("take the first feedback type by default only for workspace or channel insights outside Slack-type", () => {
    expect(defaultScope("workspaceOrChannelInsights", "msteams")).toBe("all_feedback");
    expect(defaultScope("workspaceOrChannelInsights", "slack")).toBe("group");
    expect(defaultScope("departmentInsights", "msteams")).toBe("group");
  });

  it("count 3 months back from month ends without spilling into the next month", () => {
    expect(defaultRange("2026-05-31").startDate).toBe("2026-02-28");
    expect(defaultRange("2024-05-31").startDate).toBe("2024-02-29");
    expect(defaultRange("2026-01-15").startDate).toBe("2025-10-15");
  });

  it("keep valid dates, ignore malformed or impossible ones", () => {
    expect(parse("startDate=2026-01-01&endDate=2026-02-01")).toMatchObject({ startDate: "2026-01-01", endDate: "2026-02-01" });
    expect(parse("startDate=2026-02-30&endDate=tomorrow")).toMatchObject({ startDate: "2026-08-26", endDate: today });
    expect(validDay("2026-1-01")).toBeNull();
    expect(validDay("2026-12-31")).toBe("2026-12-31");
  });

  it("clear an end before the start; the figures then run to today", () => {
    const f = parse("startDate=2026-06-10&endDate=2026-06-01");
    expect(f.endDate).toBe("");
    expect(rangeEnd(f, today)).toBe(today);
  });

  it("ignore an unknown feedback type and unknown groups", () => {
    expect(parse("feedbackType=everything").scope).toBe("group");
    expect(parse("feedbackType=user").scope).toBe("user");
    expect(parse("groups=w1&groups=x9&groups=w1", "workspaceOrChannelInsights", "slack", ["w1", "w2"]).groupIds).toEqual(["w1"]);
  });

  it("round-trip through their query string", () => {
    const f = parse("startDate=2026-03-01&endDate=2026-04-01&feedbackType=all_feedback&groups=w2", "workspaceOrChannelInsights", "slack", ["w2"]);
    expect(parse(insightsQuery(f).toString(), "workspaceOrChannelInsights", "slack", ["w2"])).toEqual(f);
  });
});

const row = (userId: string, total: number): LeaderboardRow => ({
  userId,
  user_name: userId.toUpperCase(),
  feedback_sent: total,
  feedback_received: 0,
  feedback_requested: 0,
  praise_sent: 0,
  praise_received: 0,
  survey_submitted: 0,
  total,
});

describe("leaderboard", () => {
  it("drops the last row (the totals) and sorts the people by total, highest first", () => {
    const { people, totals } = leaderboardFrom([row("a", 1), row("b", 5), row("c", 3), row("all", 9)]);
    expect(people.map((p) => p.userId)).toEqual(["b", "c", "a"]);
    expect(totals?.userId).toBe("all");
    expect(leaderboardFrom([])).toEqual({ people: [], totals: null });
  });

  it("rounds percentages to 2 decimals", () => {
    expect(percent(1, 3)).toBe(33.33);
    expect(percent(2, 3)).toBe(66.67);
    expect(percent(1, 0)).toBe(0);
  });
});
