import { describe, expect, it } from "vitest";
import { goalCanFlags, mayAddGoals, type GoalStanding } from "./goals.server";

const standing = (s: Partial<GoalStanding>): GoalStanding => ({ goalsOn: true, self: false, manager: false, admin: false, performs: false, ...s });
const open = { approvalStatus: false, completionStatus: false };
const approved = { approvalStatus: true, completionStatus: false };
const completed = { approvalStatus: true, completionStatus: true };

describe("who may act on goals (002 §6)", () => {
  it("lets the person add, edit, delete and complete, but not approve their own", () => {
    const me = standing({ self: true });
    expect(mayAddGoals(me)).toBe(true);
    expect(goalCanFlags(me, open)).toEqual({ canEdit: true, canDelete: true, canApprove: false, canComplete: true });
  });

  it("lets an admin approve their own goal", () => {
    expect(goalCanFlags(standing({ self: true, admin: true, performs: true }), open).canApprove).toBe(true);
  });

  it("lets the person's manager with PerformGoalsAction approve, once", () => {
    const manager = standing({ manager: true, performs: true });
    expect(goalCanFlags(manager, open).canApprove).toBe(true);
    expect(goalCanFlags(manager, approved).canApprove).toBe(false);
  });

  it("gives nothing to a colleague, or to a manager of others who does not manage the person", () => {
    for (const s of [standing({}), standing({ performs: true })]) {
      expect(mayAddGoals(s)).toBe(false);
      expect(goalCanFlags(s, open)).toEqual({ canEdit: false, canDelete: false, canApprove: false, canComplete: false });
    }
  });

  it("freezes a completed goal", () => {
    expect(goalCanFlags(standing({ self: true }), completed)).toEqual({ canEdit: false, canDelete: false, canApprove: false, canComplete: false });
  });

  it("gives nothing on Teams-type", () => {
    const teams = standing({ goalsOn: false, self: true, admin: true, performs: true });
    expect(mayAddGoals(teams)).toBe(false);
    expect(goalCanFlags(teams, open)).toEqual({ canEdit: false, canDelete: false, canApprove: false, canComplete: false });
  });
});
