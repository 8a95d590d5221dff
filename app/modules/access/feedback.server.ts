import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Viewer } from "~/modules/auth/session.server";
import { isManagerOf, mayReadEveryone } from "./people.server";

/**
 * Who may see a piece of feedback (a feedback_items row), for every area that shows feedback:
 * the giving pages, profiles' feedback tabs, insights and analytics. In words:
 *
 * - nobody sees an item that is hidden (an anonymous loop item waiting for its run to close with
 *   at least the company's anonymity floor of them; app/modules/feedback/give-writes.server.ts);
 * - its receiver sees it; so does each of the receiver's managers;
 * - its sender sees it, unless it is anonymous (an anonymous item keeps no sender at all);
 * - public praise is seen by everyone in the company;
 * - an admin who reads every person (ViewUsers: Organization › Users and its feedback tabs) sees
 *   every visible item of the company;
 * - never the sender of an anonymous item, to anyone (super admins included): `shownSenderId`
 *   is the one way a page gets a sender, and for an anonymous item it is null.
 * Every rule is company-scoped; items of another company are seen by no one.
 */

type AccessViewer = Pick<Viewer, "user" | "company" | "permissions">;
type Ref = SQLWrapper | string;

/** Columns of the item in the caller's statement (default: a table aliased `fi`). */
export interface ItemColumns {
  companyId: Ref;
  senderId: Ref;
  receiverId: Ref;
  anonymous: Ref;
  isPublic: Ref;
  visible: Ref;
}

export const ITEM_ALIAS_FI: ItemColumns = {
  companyId: sql.raw("fi.company_id"),
  senderId: sql.raw("fi.sender_id"),
  receiverId: sql.raw("fi.receiver_id"),
  anonymous: sql.raw("fi.anonymous"),
  isPublic: sql.raw("fi.is_public"),
  visible: sql.raw("fi.visible"),
};

/** The viewer may see the item, as SQL over the item's columns. */
export function maySeeFeedbackItem(viewer: AccessViewer, item: ItemColumns = ITEM_ALIAS_FI): SQL {
  const company = viewer.company.id;
  const me = viewer.user.id;
  const scope = sql`${item.companyId} = ${company} AND ${item.visible} = 1`;
  if (mayReadEveryone(viewer)) return sql`(${scope})`;
  return sql`(${scope} AND (${item.receiverId} = ${me} OR (${item.anonymous} = 0 AND ${item.senderId} = ${me}) OR ${item.isPublic} = 1 OR ${isManagerOf(
    company,
    me,
    item.receiverId
  )}))`;
}

/** The items about a person the viewer may see: `maySeeFeedbackItem` narrowed to that receiver. */
export function feedbackAboutPerson(viewer: AccessViewer, personId: string, item: ItemColumns = ITEM_ALIAS_FI): SQL {
  return sql`(${item.receiverId} = ${personId} AND ${maySeeFeedbackItem(viewer, item)})`;
}

/** The sender a page may name for an item: none for an anonymous item, whoever asks. */
export function shownSenderId(item: { anonymous: boolean | number; senderId: string | null }): string | null {
  return item.anonymous ? null : item.senderId;
}

/** The same rule for one item already read (a detail dialog), with the viewer's manager links. */
export function maySeeItem(
  viewer: AccessViewer,
  item: { companyId: string; senderId: string | null; receiverId: string; anonymous: boolean; isPublic: boolean; visible: boolean },
  managesReceiver: boolean
): boolean {
  if (item.companyId !== viewer.company.id || !item.visible) return false;
  if (mayReadEveryone(viewer)) return true;
  const me = viewer.user.id;
  return item.receiverId === me || (!item.anonymous && item.senderId === me) || item.isPublic || managesReceiver;
}
