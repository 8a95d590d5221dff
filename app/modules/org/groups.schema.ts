import { z } from "zod";
import { sharedCopy } from "~/lib/copy";

const REQUIRED = sharedCopy.required;
const userId = z.string({ error: REQUIRED }).min(1, REQUIRED).max(100);

/** The group detail page's forms (002 §5: members and admins at least one; admins among members). */
export const GroupActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add-member"), email: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(320) }),
  z.object({ intent: z.literal("remove-member"), userId }),
  z.object({ intent: z.literal("make-admin"), userId }),
  z.object({ intent: z.literal("unmake-admin"), userId }),
]);
export type GroupAction = z.infer<typeof GroupActionSchema>;
