import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import type { Viewer } from "~/modules/auth/session.server";
import { isManagerOf } from "./people.server";

/**
 * Who sees and who approves a person's objectives in an objectives campaign (001 §2, §4):
 * - the person sets and sees their own (the OKR and performance-contract pages, ViewTodosPage);
 * - their manager sees them and approves a submitted set;
 * - a ViewManageReviews holder (who runs objectives campaigns) sees and approves anyone's in the
 *   company, their own included; nobody else approves their own set.
 * The single writer re-checks the manager link and the state when it approves.
 */
export const APPROVE_ANY_OBJECTIVES = "ViewManageReviews" as const;

type AccessViewer = Pick<Viewer, "user" | "company" | "permissions">;

export function mayApproveAnyObjectives(viewer: Pick<Viewer, "permissions">): boolean {
  return viewer.permissions.includes(APPROVE_ANY_OBJECTIVES);
}

export interface ObjectivesAccess {
  see: boolean;
  approve: boolean;
  /** The person's own set: they edit it (while not approved) and save its actuals. */
  own: boolean;
}

export async function objectivesAccess(db: Db, viewer: AccessViewer, personId: string): Promise<ObjectivesAccess> {
  const own = viewer.user.id === personId;
  const admin = mayApproveAnyObjectives(viewer);
  if (own) return { see: true, approve: admin, own };
  if (admin) return { see: true, approve: true, own };
  const [row] = await db.all<{ m: number }>(sql`SELECT ${isManagerOf(viewer.company.id, viewer.user.id, personId)} AS m`);
  const manager = Boolean(row?.m);
  return { see: manager, approve: manager, own };
}
