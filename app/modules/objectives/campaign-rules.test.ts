import { describe, expect, it } from "vitest";
import { campaignErrors, CAMPAIGN_MESSAGES, type CampaignFields } from "./campaign-rules";
import { campaignPath, campaignRecord, participantRecords } from "./campaign-records";

const NOW = Date.UTC(2026, 10, 26, 10, 30, 20);
const ok: CampaignFields = {
  title: "Q1 OKRs",
  startAt: Date.UTC(2026, 10, 26, 10, 30),
  endAt: Date.UTC(2026, 11, 26, 10, 30),
  audienceType: "company",
  audienceUserIds: [],
  notifyEmployees: true,
  notifyManagers: false,
};

describe("objectives campaign rules (001 §5)", () => {
  it("accepts a complete campaign starting this minute", () => {
    expect(campaignErrors(ok, NOW)).toEqual({});
  });
  it("requires a title", () => {
    expect(campaignErrors({ ...ok, title: "  " }, NOW)).toEqual({ title: "Title is required" });
  });
  it("refuses a start before the current minute, or none", () => {
    expect(campaignErrors({ ...ok, startAt: NOW - 61_000 }, NOW).startDate).toBe(
      "Start date and time must be set to the current moment or a future date and time."
    );
    expect(campaignErrors({ ...ok, startAt: null }, NOW).startDate).toBe(CAMPAIGN_MESSAGES.start);
    expect(campaignErrors({ ...ok, startAt: NOW - 61_000 }, NOW, false)).toEqual({});
  });
  it("refuses an end before the start, and accepts the same moment", () => {
    expect(campaignErrors({ ...ok, endAt: ok.startAt! - 60_000 }, NOW).endDate).toBe("End date must be the same as or later than the start date.");
    expect(campaignErrors({ ...ok, endAt: ok.startAt }, NOW)).toEqual({});
  });
  it("requires an audience type, and a user when Users is chosen", () => {
    expect(campaignErrors({ ...ok, audienceType: null }, NOW).audienceType).toBe("At least one audience type must be selected");
    expect(campaignErrors({ ...ok, audienceType: "users" }, NOW).audienceUserIds).toBe(
      "At least one user must be selected when 'Users' audience is chosen."
    );
    expect(campaignErrors({ ...ok, audienceType: "users", audienceUserIds: ["u1"] }, NOW)).toEqual({});
  });
  it("requires one of the notify settings", () => {
    expect(campaignErrors({ ...ok, notifyEmployees: false }, NOW).notify).toBe("Either 'Notify Managers' or 'Notify Employee' must be selected.");
    expect(campaignErrors({ ...ok, notifyEmployees: false, notifyManagers: true }, NOW)).toEqual({});
  });
});

describe("objectives campaign records", () => {
  it("keeps chosen users only for a users audience, once each", () => {
    const at = { id: "oc1", companyId: "c1", actorId: "u0", now: NOW, launch: false };
    expect(campaignRecord({ ...ok, audienceUserIds: ["a"] }, at).audienceUserIds).toEqual([]);
    const users = campaignRecord({ ...ok, audienceType: "users", audienceUserIds: ["a", "a", "b"] }, { ...at, launch: true });
    expect(users).toMatchObject({ audienceUserIds: ["a", "b"], state: "launched", launchedAt: NOW, launchedBy: "u0" });
  });
  it("writes each participant once, pending", () => {
    expect(participantRecords({ id: "oc1", companyId: "c1" }, ["a", "b", "a"], NOW).map((p) => [p.userId, p.state])).toEqual([
      ["a", "pending"],
      ["b", "pending"],
    ]);
  });
  it("opens a draft's form and a launched campaign's manage page", () => {
    expect(campaignPath({ id: "x", state: "draft" })).toBe("/objective-campaigns/draft/x");
    expect(campaignPath({ id: "x", state: "launched" })).toBe("/objective-campaigns/manage/x");
  });
});
