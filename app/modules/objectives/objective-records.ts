import type { KeyResultDirection, ObjectiveKind } from "./objective-types";

/**
 * The rows one person's objective writes (001 §3 "Objective", "KPI item"), as plain data: the
 * write plans and the demo seed both go through these, so seeded objectives are the ones the
 * pages make. `kpis` on the objective row stays [] (key results live in their own table).
 */

export interface KeyResultInput {
  id: string;
  name: string;
  description: string | null;
  period: string | null;
  subRole: string | null;
  client: string | null;
  industry: string | null;
  incomeStatement: boolean;
  target: number | null;
  startValue: number | null;
  unit: string | null;
  direction: KeyResultDirection | null;
}

export interface ObjectiveInput {
  id: string;
  companyId: string;
  campaignId: string;
  ownerId: string;
  docType: ObjectiveKind;
  name: string;
  description: string | null;
  weight: number;
  keyResults: KeyResultInput[];
}

export function objectiveRecord(input: ObjectiveInput, at: Date) {
  return {
    id: input.id,
    companyId: input.companyId,
    ownerId: input.ownerId,
    campaignId: input.campaignId,
    docType: input.docType,
    name: input.name,
    description: input.description,
    weight: input.weight,
    kpis: [],
    createdAt: at,
    updatedAt: at,
  };
}

/** Key result rows in their order; an OKR's key result has no KPI fields, a KPI no start/unit/direction. */
export function keyResultRecords(input: ObjectiveInput, at: Date, actuals: ReadonlyMap<string, number | null> = new Map()) {
  const okr = input.docType === "okr";
  return input.keyResults.map((k, position) => ({
    id: k.id,
    companyId: input.companyId,
    objectiveId: input.id,
    position,
    name: k.name,
    description: k.description,
    period: k.period,
    subRole: okr ? null : k.subRole,
    client: okr ? null : k.client,
    industry: okr ? null : k.industry,
    incomeStatement: okr ? false : k.incomeStatement,
    target: k.target,
    actual: actuals.get(k.id) ?? null,
    startValue: okr ? k.startValue : null,
    unit: okr ? k.unit : null,
    direction: okr ? (k.direction ?? "increase") : null,
    createdAt: at,
    updatedAt: at,
  }));
}

export interface CheckInInput {
  companyId: string;
  objectiveId: string;
  keyResultId: string;
  day: string;
  value: number;
  comment: string | null;
  createdBy: string;
}

/** The day's check-in id is fixed by key result and day, so the day's last save replaces it. */
export function checkInRecord(input: CheckInInput, at: Date) {
  return { id: `${input.keyResultId}:${input.day}`, ...input, createdAt: at };
}
