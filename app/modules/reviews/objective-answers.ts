import type { PersonObjective } from "~/modules/objectives/person-objectives.server";
import type { PairAnswers } from "./campaign-machine";
import { OFFERED_CHOICES, type ObjectiveSnapshot, type StoredBlock } from "./questionnaire-blocks";

/**
 * An objective question about the reviewee's objectives (`revieweeObjectives`) is answered as
 * one objective question per objective offered: the reviewee's objectives of the review's period,
 * the first five (000 §9). Each gets the block id `<questionId>~<objectiveId>`, and its stored
 * answer keeps the objective as it was rated (`PairAnswer.objective`), so reports read the
 * objectives from the answers, never from the live objectives. Pure and client-safe.
 */

type ObjectiveQuestion = Extract<StoredBlock, { type: "objective-question" }>;

export const OBJECTIVE_ANSWER_SEPARATOR = "~";

/** Whether a block is a question about the reviewee's objectives, not yet one per objective (no type narrowing: the others stay objective questions). */
export const isRevieweeObjectives = (block: StoredBlock): boolean =>
  block.type === "objective-question" && Boolean(block.objectiveValue.revieweeObjectives);

const text = (n: number | null) => (n === null ? undefined : String(n));

/** A person's objective as a question snapshots it (its key results as KPIs). */
export function objectiveSnapshotOf(o: PersonObjective): ObjectiveSnapshot {
  return {
    id: o.id,
    name: o.name,
    weight: o.weight,
    docType: o.kind,
    kpis: o.keyResults.map((k) => ({
      name: k.name,
      ...(k.description ? { description: k.description } : {}),
      ...(text(k.target) !== undefined ? { target: text(k.target) } : {}),
      ...(k.period ? { period: k.period } : {}),
      ...(k.subRole ? { subRole: k.subRole } : {}),
      ...(k.client ? { client: k.client } : {}),
      ...(k.industry ? { industry: k.industry } : {}),
      ...(text(k.actual) !== undefined ? { actual: text(k.actual) } : {}),
      ...(k.unit ? { unit: k.unit } : {}),
      ...(k.incomeStatement ? { incomeStatement: true } : {}),
    })),
  };
}

function perObjective(block: ObjectiveQuestion, objective: ObjectiveSnapshot): ObjectiveQuestion {
  const v = block.objectiveValue;
  return {
    ...block,
    id: `${block.id}${OBJECTIVE_ANSWER_SEPARATOR}${objective.id}`,
    objectiveValue: { ...v, label: v.label ? `${v.label} — ${objective.name}` : objective.name, objective, revieweeObjectives: false },
  };
}

/**
 * The blocks a reviewer answers: each question about the reviewee's objectives becomes one
 * question per objective (the first five given). With none, the question stays as it is: it
 * shows that no objectives are set and asks nothing.
 */
export function withRevieweeObjectives(blocks: StoredBlock[], objectives: ObjectiveSnapshot[]): StoredBlock[] {
  if (!blocks.some(isRevieweeObjectives)) return blocks;
  const offered = objectives.slice(0, OFFERED_CHOICES);
  return blocks.flatMap<StoredBlock>((block) =>
    block.type === "objective-question" && isRevieweeObjectives(block) && offered.length > 0 ? offered.map((o) => perObjective(block, o)) : [block]
  );
}

/**
 * The blocks that read stored answers: each question about the reviewee's objectives becomes one
 * question per objective the answers rated (in the answers' order, across all the given pairs),
 * from the snapshots kept in the answers. A question no one answered is left out.
 */
export function withAnsweredObjectives(blocks: readonly StoredBlock[], answers: ReadonlyArray<PairAnswers | null>): StoredBlock[] {
  if (!blocks.some(isRevieweeObjectives)) return [...blocks];
  return blocks.flatMap<StoredBlock>((block) => {
    if (block.type !== "objective-question" || !isRevieweeObjectives(block)) return [block];
    const prefix = `${block.id}${OBJECTIVE_ANSWER_SEPARATOR}`;
    const rated = new Map<string, ObjectiveSnapshot>();
    for (const set of answers)
      for (const [key, answer] of Object.entries(set ?? {}))
        if (key.startsWith(prefix) && answer.objective && !rated.has(answer.objective.id)) rated.set(answer.objective.id, answer.objective);
    return [...rated.values()].map((o) => perObjective(block, o));
  });
}
