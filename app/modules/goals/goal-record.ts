/**
 * A goal as one row of `goals`, for the add form's write and the demo seed alike (zod-free and
 * import-free: the seed is loaded by Node's own type stripping). Times are ms since the epoch,
 * lists are stored as JSON text, flags as 0/1: the row goes to D1 as it is.
 */
export interface GoalInput {
  id: string;
  companyId: string;
  userId: string;
  name: string;
  description: string | null;
  deadline: number;
  competencyIds: string[];
  behaviourIds: string[];
  createdBy: string;
  createdAt: number;
  /** Who approved it and when (002 §3 approvalActionBy), when it is approved already. */
  approval?: { by: string; at: number } | null;
  /** Who completed it and when; only with an approval (002 §4). */
  completion?: { by: string; at: number } | null;
}

export type GoalRow = Record<string, string | number | null>;

/** The goals table's columns, in insert order. */
export const GOAL_COLUMNS = [
  "id",
  "company_id",
  "user_id",
  "name",
  "description",
  "deadline",
  "competency_ids",
  "behaviour_ids",
  "approval_status",
  "approval_action_by",
  "approval_at",
  "completion_status",
  "completion_action_by",
  "completion_at",
  "created_by",
  "created_at",
  "updated_at",
] as const;

export function goalRecord(goal: GoalInput): GoalRow {
  if (goal.completion && !goal.approval) throw new Error("A goal cannot be completed without approval");
  return {
    id: goal.id,
    company_id: goal.companyId,
    user_id: goal.userId,
    name: goal.name,
    description: goal.description,
    deadline: goal.deadline,
    competency_ids: JSON.stringify(goal.competencyIds),
    behaviour_ids: JSON.stringify(goal.behaviourIds),
    approval_status: goal.approval ? 1 : 0,
    approval_action_by: goal.approval?.by ?? null,
    approval_at: goal.approval?.at ?? null,
    completion_status: goal.completion ? 1 : 0,
    completion_action_by: goal.completion?.by ?? null,
    completion_at: goal.completion?.at ?? null,
    created_by: goal.createdBy,
    created_at: goal.createdAt,
    updated_at: goal.createdAt,
  };
}
