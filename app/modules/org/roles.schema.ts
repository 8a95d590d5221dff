import { z } from "zod";
import { sharedCopy } from "~/lib/copy";

export const ROLE_EXISTS = "A role with this name already exists.";
export const NAME_TOO_LONG = "Use at most 100 characters.";

const roleName = z.string({ error: sharedCopy.required }).trim().min(1, sharedCopy.required).max(100, NAME_TOO_LONG);
const id = z.string({ error: sharedCopy.required }).min(1, sharedCopy.required).max(200);

/** The Roles page's forms (002 §3 "Role: id, role"), told apart by the hidden `intent` field. */
export const RoleActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), role: roleName }),
  z.object({ intent: z.literal("rename"), roleId: id, role: roleName }),
  z.object({ intent: z.literal("remove"), roleId: id }),
]);
export type RoleAction = z.infer<typeof RoleActionSchema>;
