import { z } from "zod";
import { sharedCopy } from "~/lib/copy";

export const LAST_SUPER_ADMIN = "At least one super admin must remain.";
export const CANNOT_ADD = "These people can't be added: they are deactivated or not in your organization.";

const id = z.string().min(1).max(200);

/** Add (people chosen from a search, at most 20 at a time) or remove one admin, by hidden `intent`. */
export const AdminActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), userIds: z.array(id, { error: sharedCopy.required }).min(1, sharedCopy.required).max(20) }),
  z.object({ intent: z.literal("remove"), userId: z.string({ error: sharedCopy.required }).min(1, sharedCopy.required).max(200) }),
]);
export type AdminAction = z.infer<typeof AdminActionSchema>;

/** The admin search box (GET ?q=). */
export const AdminSearchSchema = z.string().trim().max(100).catch("");
