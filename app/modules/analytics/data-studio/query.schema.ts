import { z } from "zod";
import type { QueryDocument } from "./query-types";

/**
 * The query document's shape (001 §7 run-query {query: {columns}}), checked before the compiler
 * reads it. Shape only, with generous bounds so an oversized document is cut off before it is
 * walked; what the names mean, which filter fits which attribute and the product limits
 * (QUERY_LIMITS) are the compiler's, which says which column is wrong.
 */
const NAME = z.string().min(1).max(200);
const VALUE = z.union([z.string().max(1000), z.number().finite(), z.boolean()]);

export const queryFilterSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("in"), values: z.array(VALUE).max(5000) }),
  z.object({ kind: z.literal("contains"), value: z.string().max(1000) }),
  z.object({ kind: z.literal("range"), min: z.union([z.string().max(100), z.number().finite()]).optional(), max: z.union([z.string().max(100), z.number().finite()]).optional() }),
]);

export const queryStepSchema = z.object({
  type: z.enum(["attribute", "edge"]),
  name: NAME,
  filters: z.array(queryFilterSchema).max(20).optional(),
});

export const queryDocumentSchema = z.object({
  table: NAME,
  columns: z.array(z.array(queryStepSchema).min(1).max(20)).max(100),
}) satisfies z.ZodType<QueryDocument>;
