import { z } from "zod";
import { objectivesCopy, sharedCopy } from "~/lib/copy";
import { KEY_RESULT_DIRECTIONS, OBJECTIVE_KINDS } from "./objective-types";

/**
 * The OKR and performance-contract pages' forms, client-safe, told apart by `intent`: the page
 * checks with them before posting and the action again before the single writer sees a command.
 * Numbers come from `<input type="number" step="0.01">`; an empty optional number is null.
 */

const text = (max: number) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v), z.string().max(max).optional());
const requiredText = (max: number) => z.string({ error: sharedCopy.required }).trim().min(1, sharedCopy.required).max(max);
const optionalNumber = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : typeof v === "string" ? Number(v) : v),
  z.number({ error: objectivesCopy.actualNotNumber }).nullable()
);
const requiredNumber = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v)) : v),
  z.number({ error: objectivesCopy.actualNotNumber })
);

/** A key-result row of the form with nothing typed in it (its hidden id and default direction aside). */
function isBlankRow(row: unknown): boolean {
  if (!row || typeof row !== "object") return true;
  const { id, direction, incomeStatement, ...rest } = row as Record<string, unknown>;
  void direction;
  return !id && !incomeStatement && Object.values(rest).every((v) => v === undefined || v === null || (typeof v === "string" && v.trim() === ""));
}

export const keyResultSchema = z.object({
  id: z.string().trim().min(1).max(200).optional(),
  name: requiredText(200),
  description: text(2000),
  period: text(100),
  subRole: text(200),
  client: text(200),
  industry: text(200),
  incomeStatement: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
  target: optionalNumber,
  startValue: optionalNumber,
  unit: text(50),
  direction: z.enum(KEY_RESULT_DIRECTIONS).optional(),
});

export const saveObjectiveSchema = z.object({
  intent: z.literal("saveObjective"),
  requestId: z.string().uuid(),
  objectiveId: z.string().trim().min(1).max(200).optional(),
  name: requiredText(200),
  description: text(2000),
  weight: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v)) : v),
    z.number({ error: objectivesCopy.weightRange }).int(objectivesCopy.weightRange).min(0, objectivesCopy.weightRange).max(100, objectivesCopy.weightRange)
  ),
  kind: z.enum(OBJECTIVE_KINDS),
  // The form offers blank rows to fill in; a row left wholly blank is not a key result.
  keyResults: z.preprocess((v) => (Array.isArray(v) ? v.filter((row) => !isBlankRow(row)) : v), z.array(keyResultSchema).max(20).default([])),
});

export const deleteObjectiveSchema = z.object({ intent: z.literal("deleteObjective"), requestId: z.string().uuid(), objectiveId: z.string().trim().min(1).max(200) });
export const submitObjectivesSchema = z.object({ intent: z.literal("submitObjectives"), requestId: z.string().uuid() });
export const saveActualSchema = z.object({
  intent: z.literal("saveActual"),
  requestId: z.string().uuid(),
  keyResultId: z.string().min(1),
  actual: requiredNumber,
  comment: text(1000),
});

export const okrPageSchema = z.discriminatedUnion("intent", [saveObjectiveSchema, deleteObjectiveSchema, submitObjectivesSchema, saveActualSchema]);
export type OkrPageSubmission = z.infer<typeof okrPageSchema>;

/** The profile's Objectives tab: the manager or an admin approves a submitted set. */
export const approveObjectivesSchema = z.object({ intent: z.literal("approveObjectives"), requestId: z.string().uuid(), campaignId: z.string().min(1) });
