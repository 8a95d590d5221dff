import { describe, expect, it } from "vitest";
import { behavioursOutside, byDeadline, dayOfDeadline, deadlineIsFuture, deadlineOfDay, mayBeCompleted, uniqueIds } from "./goal-rules";
import { goalRecord } from "./goal-record";
import { GoalActionsIntent, GoalSaveIntent } from "./goals.schema";

describe("goal rules", () => {
  it("reads a deadline day as the end of that UTC day, and refuses days that are not", () => {
    expect(deadlineOfDay("2026-03-01")).toBe(Date.UTC(2026, 2, 1, 23, 59, 59, 999));
    expect(deadlineOfDay("2026-02-30")).toBeNull();
    expect(deadlineOfDay("01/03/2026")).toBeNull();
    expect(dayOfDeadline(Date.UTC(2026, 2, 1, 23, 59, 59, 999))).toBe("2026-03-01");
  });

  it("needs a deadline later than now: today's still counts, yesterday's does not", () => {
    const now = Date.UTC(2026, 10, 26, 22, 0);
    expect(deadlineIsFuture(deadlineOfDay("2026-11-26")!, now)).toBe(true);
    expect(deadlineIsFuture(deadlineOfDay("2026-11-25")!, now)).toBe(false);
    expect(deadlineIsFuture(now, now)).toBe(false);
  });

  it("completes only an approved goal", () => {
    expect(mayBeCompleted(true)).toBe(true);
    expect(mayBeCompleted(false)).toBe(false);
  });

  it("finds behaviours that are not of a chosen competency, unknown ones included", () => {
    const of = new Map([
      ["b1", "c1"],
      ["b2", "c2"],
    ]);
    expect(behavioursOutside(["c1"], ["b1"], of)).toEqual([]);
    expect(behavioursOutside(["c1"], ["b1", "b2"], of)).toEqual(["b2"]);
    expect(behavioursOutside(["c1", "c2"], ["b3"], of)).toEqual(["b3"]);
    expect(behavioursOutside([], [], of)).toEqual([]);
  });

  it("orders by deadline, then name, and keeps ids once", () => {
    const list = [
      { deadline: 2, name: "b" },
      { deadline: 1, name: "z" },
      { deadline: 2, name: "a" },
    ].sort(byDeadline);
    expect(list.map((g) => g.name)).toEqual(["z", "a", "b"]);
    expect(uniqueIds(["a", "b", "a"])).toEqual(["a", "b"]);
  });
});

describe("goal record", () => {
  const base = {
    id: "g1",
    companyId: "c",
    userId: "u",
    name: "Goal",
    description: null,
    deadline: 5,
    competencyIds: ["c1"],
    behaviourIds: [],
    createdBy: "u",
    createdAt: 1,
  };

  it("is one row of goals with flags as 0/1 and lists as JSON", () => {
    expect(goalRecord({ ...base, approval: { by: "m", at: 2 } })).toMatchObject({
      company_id: "c",
      competency_ids: '["c1"]',
      behaviour_ids: "[]",
      approval_status: 1,
      approval_action_by: "m",
      completion_status: 0,
      completion_action_by: null,
      updated_at: 1,
    });
  });

  it("refuses a completed goal without approval", () => {
    expect(() => goalRecord({ ...base, completion: { by: "u", at: 3 } })).toThrow(/without approval/);
  });
});

describe("goal forms", () => {
  const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);

  it("needs a name and a deadline later than now", () => {
    const missing = GoalSaveIntent.safeParse({ intent: "goal-save", deadline: future });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => i.message)).toEqual(["This is a required field."]);
    const past = GoalSaveIntent.safeParse({ intent: "goal-save", name: "Goal", deadline: "2020-01-01" });
    expect(past.error?.issues.map((i) => i.message)).toEqual(["Deadline cannot be in the past"]);
    expect(GoalSaveIntent.safeParse({ intent: "goal-save", name: " Goal ", deadline: future }).data).toMatchObject({ name: "Goal", competencyIds: [] });
  });

  it("refuses completion without approval on the actions form", () => {
    const early = GoalActionsIntent.safeParse({ intent: "goal-actions", goalId: "g1", completionStatus: "on" });
    expect(early.error?.issues).toEqual([expect.objectContaining({ path: ["completionStatus"], message: "Goal cannot be completed without approval" })]);
    expect(GoalActionsIntent.safeParse({ intent: "goal-actions", goalId: "g1", approvalStatus: "on", completionStatus: "on" }).success).toBe(true);
  });
});
