import { z } from "zod";
import { QuestionnaireFormSchema } from "./questionnaire.schema";

/**
 * The builder form as its action reads it: the questionnaire and the button that sent it, a save
 * (Save, Create/Update Template, Next) or, without JavaScript, Full Preview (`preview=full`, which
 * carries no `intent`). A form sent by anything else is refused.
 */
export const QuestionnaireActionSchema = z.preprocess(
  (payload) =>
    payload && typeof payload === "object" && !("intent" in payload) && (payload as { preview?: unknown }).preview === "full"
      ? { ...payload, intent: "preview" }
      : payload,
  z.discriminatedUnion("intent", [
    QuestionnaireFormSchema.extend({ intent: z.enum(["save", "template", "next"]) }),
    QuestionnaireFormSchema.extend({ intent: z.literal("preview") }),
  ])
);
