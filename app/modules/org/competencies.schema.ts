import { z } from "zod";
import { sharedCopy } from "~/lib/copy";

const REQUIRED = sharedCopy.required;

/** Behaviours are typed one per line; blank lines are dropped, duplicates kept once. */
export function behaviourLines(text: string | undefined): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const line of (text ?? "").split(/\r?\n/)) {
    const name = line.trim();
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    out.push(name);
  }
  return out;
}

/** Create or edit a competency (002 §5: "competency create need[s] a name"). */
export const CompetencyFormSchema = z.object({
  intent: z.enum(["create", "update"]),
  id: z.string().max(100).optional(),
  name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(200, "Use at most 200 characters."),
  description: z.string().trim().max(2000, "Use at most 2000 characters.").optional(),
  behaviours: z
    .string()
    .max(20_000)
    .optional()
    .refine((text) => behaviourLines(text).length <= 50, "Use at most 50 behaviours.")
    .refine((text) => behaviourLines(text).every((b) => b.length <= 200), "Each behaviour can have at most 200 characters."),
});

/** 002 §7 "/remove-competency {id, initialCheck}": the first call reports usage, the second deletes. */
export const RemoveCompetencySchema = z.object({
  intent: z.literal("remove"),
  id: z.string({ error: REQUIRED }).min(1, REQUIRED).max(100),
  initialCheck: z.enum(["true", "false"]).default("true"),
});

export const CompetencyActionSchema = z.discriminatedUnion("intent", [CompetencyFormSchema, RemoveCompetencySchema]);
