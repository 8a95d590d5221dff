import { z } from "zod";
import { DraftFormSchema, launchFormSchema } from "./launch.schema";

/** Buttons that save the draft's settings first, then change its audience (or ask to confirm). */
const DRAFT_INTENTS = [
  "save",
  "autosave",
  "uploadPairs",
  "uploadNominees",
  "startNominations",
  "cancelNominations",
  "auto",
  "managerUpward",
  "managerDownward",
  "selfReview",
  "addPair",
  "removePair",
  "clearPairs",
  "addNominee",
  "removeNominee",
  "removeNominees",
  "clearNominees",
  "cancelNominees",
] as const;

/** A row's button names its row after the intent ("removePair:{id}"): the target. */
function splitIntent(payload: unknown) {
  if (!payload || typeof payload !== "object") return payload;
  const { intent } = payload as { intent?: unknown };
  if (typeof intent !== "string") return payload;
  const [name, target = ""] = intent.split(":", 2);
  return { ...payload, intent: name, target };
}

/**
 * The Launch Review form as its action reads it, by the button that sent it (`intent`): launching
 * checks every launch rule against `now`, the others only what a draft needs, a confirmation
 * nothing but itself. A missing or unknown intent is refused.
 */
export function launchActionSchema(now: number) {
  return z.preprocess(
    splitIntent,
    z.discriminatedUnion("intent", [
      // The second step of a confirmation: it carries only its request id and acts on the saved draft.
      z.object({ intent: z.literal("confirmLaunch") }),
      z.object({ intent: z.literal("confirmNominations") }),
      z.object({ intent: z.literal("confirmCancelNominations") }),
      launchFormSchema(now).safeExtend({ intent: z.literal("launch"), target: z.string().default("") }),
      DraftFormSchema.extend({ intent: z.enum(DRAFT_INTENTS), target: z.string().default("") }),
    ])
  );
}
