import { describe, expect, it } from "vitest";
import { campaignSchema } from "./campaign.schema";

const NOW = Date.UTC(2026, 10, 26, 10, 30);
const base = { requestId: "r1", title: "Q1", startDate: "2026-11-26T11:00", endDate: "2026-12-26T11:00", audienceType: "company", notifyEmployees: "on" };

const issues = (input: Record<string, unknown>, launched = false) => {
  const parsed = campaignSchema(NOW, launched).safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("objectives campaign form schema", () => {
  it("accepts each of the four intents", () => {
    for (const intent of ["create", "createAndLaunch", "update", "launch"]) expect(issues({ ...base, intent })).toEqual({});
  });
  it("puts every 001 §5 message on its field", () => {
    expect(issues({ intent: "create", requestId: "r1", audienceType: "users" })).toEqual({
      title: "Title is required",
      startDate: "Start date and time must be set to the current moment or a future date and time.",
      endDate: "End date must be the same as or later than the start date.",
      audienceUserIds: "At least one user must be selected when 'Users' audience is chosen.",
      notifyEmployees: "Either 'Notify Managers' or 'Notify Employee' must be selected.",
    });
    expect(issues({ ...base, intent: "create", audienceType: undefined })).toEqual({ audienceType: "At least one audience type must be selected" });
  });
  it("lets a launched campaign keep a start in the past", () => {
    expect(issues({ ...base, intent: "update", startDate: "2020-01-01T00:00" }, true)).toEqual({});
  });
  it("refuses an unknown intent", () => {
    expect(campaignSchema(NOW).safeParse({ ...base, intent: "delete" }).success).toBe(false);
  });
});
