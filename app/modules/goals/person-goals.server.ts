import type { Db } from "~/db/client.server";

/**
 * A person's goals as other areas show them (the review to-do panel's Goals tab, the 1-on-1's
 * Goals card): newest deadline last, at most `limit`. Callers have already checked that the
 * viewer may see the person. (Being built.)
 */
export interface PersonGoal {
  id: string;
  name: string;
  description: string | null;
  /** ISO date-time. */
  deadline: string;
  competencies: Array<{ id: string; name: string }>;
  behaviours: Array<{ id: string; name: string }>;
  approvalStatus: boolean;
  completionStatus: boolean;
}

export async function personGoals(_db: Db, _companyId: string, _userId: string, _limit = 50): Promise<PersonGoal[]> {
  return [];
}
