import type { Db } from "~/db/client.server";
import type { ObjectiveKind } from "./objective-types";

/**
 * A person's objectives as other areas show them (the review questionnaire's objective questions,
 * the review to-do panel, the 1-on-1's Objectives card): the objectives of the person's launched
 * objectives campaigns whose dates overlap `period` (all launched campaigns without one), oldest
 * first, at most `limit`, each with its key results or KPIs. Callers have already checked that
 * the viewer may see the person. (Being built.)
 */
export interface PersonObjective {
  id: string;
  name: string;
  description: string | null;
  weight: number;
  kind: ObjectiveKind;
  campaignId: string;
  campaignTitle: string;
  /** The participant's approval: the manager (or an admin) approved the set. */
  approved: boolean;
  /** 0–100, the mean progress of its key results; null when none has a target. */
  progress: number | null;
  keyResults: Array<{
    id: string;
    name: string;
    description: string | null;
    period: string | null;
    subRole: string | null;
    client: string | null;
    industry: string | null;
    target: number | null;
    actual: number | null;
    unit: string | null;
  }>;
}

export async function personObjectives(
  _db: Db,
  _companyId: string,
  _userId: string,
  _options: { period?: { from: number; to: number }; limit?: number } = {}
): Promise<PersonObjective[]> {
  return [];
}
