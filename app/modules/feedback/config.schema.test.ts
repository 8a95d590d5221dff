import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { configSchema, pairOf, pairValue } from "./config.schema";

const NOW = Date.UTC(2026, 2, 2, 9, 0); // Monday 2 March 2026, 09:00 UTC
const HOUR = 3_600_000;
const local = (ms: number) => new Date(ms).toISOString().slice(0, 16);

function parse(fields: Record<string, string | string[]>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) form.append(k, x);
  return parseWithZod(form, { schema: configSchema(NOW) });
}
const errors = (fields: Record<string, string | string[]>) => {
  const s = parse(fields);
  return s.status === "success" ? null : s.error;
};

describe("the configuration forms (002 §5)", () => {
  it("schedule: at least 48 hours ahead, with a repeat the start date offers", () => {
    expect(errors({ intent: "schedule", startDate: local(NOW + 47 * HOUR), frequency: "does-not-repeat" })).toMatchObject({
      startDate: ["The date must be at least 48 hours from now"],
    });
    expect(errors({ intent: "schedule", startDate: local(NOW + 48 * HOUR), frequency: "weekly" })).toBeNull();
    // 4 March 2026 is a Wednesday: "monthly-last-weekday" is not offered.
    expect(errors({ intent: "schedule", startDate: local(NOW + 48 * HOUR), frequency: "monthly-last-weekday" })).toHaveProperty("frequency");
    expect(errors({ intent: "schedule", startDate: "soon", frequency: "weekly" })).toMatchObject({ startDate: ["Enter a date and time."] });
  });

  it("audience: a kind, and a selection for users, channels and groups", () => {
    expect(errors({ intent: "audience" })).toMatchObject({ audienceType: ["Please select the audience."] });
    expect(errors({ intent: "audience", audienceType: "users" })).toMatchObject({ users: ["Select at least one user."] });
    expect(errors({ intent: "audience", audienceType: "groups", groups: ["g1"] })).toBeNull();
    expect(errors({ intent: "audience", audienceType: "workspace" })).toHaveProperty("workspaceId");
  });

  it("feedback-for: a new pair needs both people; kept pairs must read as sender>receiver", () => {
    expect(errors({ intent: "feedbackFor", feedbackFor: "manually-define", newSender: "u1" })).toMatchObject({
      newReceiver: ["Choose both a sender and a receiver."],
    });
    expect(errors({ intent: "feedbackFor", feedbackFor: "manually-define", pairs: ["u1"] })).toHaveProperty("pairs");
    expect(errors({ intent: "feedbackFor", feedbackFor: "manually-define", pairs: ["u1>u2"] })).toBeNull();
    expect(pairOf(pairValue({ senderId: "u1", receiverId: "u2" }))).toEqual({ senderId: "u1", receiverId: "u2" });
  });

  it("the notification message is trimmed; the deadline is in the future", () => {
    const message = parse({ intent: "message", notificationMessage: "  Hi  " });
    expect(message.status === "success" && message.value).toMatchObject({ notificationMessage: "Hi" });
    expect(errors({ intent: "deadline", deadline: local(NOW - HOUR) })).toMatchObject({ deadline: ["The deadline must be in the future."] });
    expect(errors({ intent: "delivery", delivery: "email" })).toMatchObject({ delivery: ["Please choose how to send notifications."] });
  });
});
