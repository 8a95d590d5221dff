import type { BatchItem } from "drizzle-orm/batch";

/** Statements that commit together, in one D1 batch. */
export type Writes = BatchItem<"sqlite">[];

/**
 * What a checked command will do: the statements that make it so (none when it was refused) and
 * its answer. A plan only reads and builds statements; the single writer that owns the data runs
 * them, so a module's write rules stay in the module while the order of writes stays in one place.
 * `counted` is for an answer that depends on the batch: it gets the rows the batch's statements
 * returned (RETURNING), in the order of `writes`.
 */
export type WritePlan<R> = { writes: Writes; answer: R; counted?: (results: unknown[]) => R };

/** A plan for several queued commands at once (a group commit): one answer per command, in order. */
export type GroupPlan<R> = { writes: Writes; answers: R[] };

/** A refusal: nothing is written. */
export const answered = <R>(answer: R): WritePlan<R> => ({ writes: [], answer });
