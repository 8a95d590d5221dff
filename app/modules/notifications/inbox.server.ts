import { and, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { notificationOutbox, users } from "~/db/schema";

export const INBOX_PAGE_SIZE = 100;

export interface InboxQuery {
  companyId: string;
  /** Only messages to this person ("Only mine"). */
  recipientUserId?: string | null;
  /** 1-based. */
  page: number;
  pageSize?: number;
}

/** The company's outbox, newest first, one page at a time (one row more tells whether a next page exists). */
export async function listInbox(db: Db, query: InboxQuery) {
  const pageSize = query.pageSize ?? INBOX_PAGE_SIZE;
  const page = Math.max(1, Math.floor(query.page));
  const rows = await db
    .select({
      id: notificationOutbox.id,
      recipientUserId: notificationOutbox.recipientUserId,
      recipientName: users.name,
      channel: notificationOutbox.channel,
      kind: notificationOutbox.kind,
      subject: notificationOutbox.subject,
      body: notificationOutbox.body,
      link: notificationOutbox.link,
      items: notificationOutbox.items,
      status: notificationOutbox.status,
      error: notificationOutbox.error,
      createdAt: notificationOutbox.createdAt,
    })
    .from(notificationOutbox)
    .leftJoin(users, and(eq(users.id, notificationOutbox.recipientUserId), eq(users.companyId, notificationOutbox.companyId)))
    .where(
      and(
        eq(notificationOutbox.companyId, query.companyId),
        query.recipientUserId ? eq(notificationOutbox.recipientUserId, query.recipientUserId) : undefined
      )
    )
    .orderBy(desc(notificationOutbox.createdAt), desc(notificationOutbox.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  return { messages: rows.slice(0, pageSize), page, hasNextPage: rows.length > pageSize };
}

export type InboxMessage = Awaited<ReturnType<typeof listInbox>>["messages"][number];
