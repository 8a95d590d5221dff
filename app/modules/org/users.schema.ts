import { z } from "zod";

const REQUIRED = "This is a required field.";

const userId = z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(200);
/** Where to go back to after the action (the list with its page, search and sort). */
const back = z.string().max(2000).optional();

/** The Users list's query string (002 §2.8): 50 a page, search, sort and status filter. */
export const UsersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  q: z.string().trim().max(200).catch(""),
  sort: z.enum(["name", "email", "department", "status"]).catch("name"),
  dir: z.enum(["asc", "desc"]).catch("asc"),
  status: z.enum(["all", "active", "inactive", "deactivated"]).catch("all"),
});
export type UsersQuery = z.infer<typeof UsersQuerySchema>;

const optionalId = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v ? v : null));

/** Every row action of the Users list, told apart by the hidden `intent` field. */
export const UserActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("exclude"), userId, back }),
  z.object({ intent: z.literal("include"), userId, back }),
  z.object({ intent: z.literal("deactivate"), userId, back }),
  z.object({ intent: z.literal("remove"), userId, back }),
  z.object({
    intent: z.literal("edit"),
    userId,
    back,
    name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(200),
    title: z.string().trim().max(200).optional().transform((v) => (v ? v : null)),
    departmentId: optionalId,
    roleId: optionalId,
  }),
  z.object({
    intent: z.literal("managers"),
    userId,
    back,
    managerIds: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
  }),
]);
export type UserAction = z.infer<typeof UserActionSchema>;
