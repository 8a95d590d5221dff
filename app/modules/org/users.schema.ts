import { z } from "zod";

const REQUIRED = "This is a required field.";

const userId = z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(200);
/** Where to go back to after the action (the list with its page, search and sort). */
const back = z.string().max(2000).optional();


const SORT_KEYS = ["name", "email", "department", "status"] as const;
const DIRECTIONS = ["asc", "desc"] as const;
const STATUS_FILTERS = ["all", "active", "inactive", "deactivated"] as const;

export interface UsersQuery {
  page: number;
  q: string;
  sort: (typeof SORT_KEYS)[number];
  dir: (typeof DIRECTIONS)[number];
  status: (typeof STATUS_FILTERS)[number];
}

function oneOf<T extends string>(value: string | null, options: readonly T[], fallback: T): T {
  return options.includes(value as T) ? (value as T) : fallback;
}

/**
 * The Users list's query string (002 §2.8): page, search, sort and status filter. Lenient on
 * purpose: anything missing or unknown falls back to the default, so an edited or stale URL still
 * shows the list. Not a zod schema with `.catch()`: the list reads it on every request, and zod
 * builds (then discards) an issue for each absent key, which showed up in the Users list's
 * request time.
 */
export function parseUsersQuery(params: URLSearchParams): UsersQuery {
  const page = Number(params.get("page"));
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    q: (params.get("q") ?? "").trim().slice(0, 200),
    sort: oneOf(params.get("sort"), SORT_KEYS, "name"),
    dir: oneOf(params.get("dir"), DIRECTIONS, "asc"),
    status: oneOf(params.get("status"), STATUS_FILTERS, "all"),
  };
}

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
