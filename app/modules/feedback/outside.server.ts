import { and, eq, sql } from "drizzle-orm";
import { d1Statement, type Db } from "~/db/client.server";
import { feedbackRequests } from "~/db/schema";
import type { Writes } from "~/db/write-plan";
import type { Viewer } from "~/modules/auth/session.server";
import { prepareNotify } from "~/modules/notifications/notify.server";
import { asksPeopleSearch } from "~/modules/people/search";
import { searchPeople } from "~/modules/people/search.server";
import { countUpserts, itemInserts } from "./count-writes.server";
import { FEEDBACK_KIND_TITLES, GIVE_MESSAGES } from "./give";
import { feedbackRecord, requestIncrement, type FeedbackTextField } from "./item-record";
import type { DimensionInfo, FeedbackFormat } from "./loop-types";

/**
 * Feedback outside loops (002 §3 "Feedback item" sources direct, request and praise): feedback
 * given to any active colleague unasked, a request for feedback about oneself (the colleague's
 * to-give item), its answer or refusal, and public praise. Each is one D1 batch with its count
 * increments (item-record.ts). A form's request id makes the row's id, so a resubmitted form
 * finds its row already there and writes nothing twice.
 */

type Actor = Pick<Viewer, "user" | "company">;
export type OutsideResult = { ok: true; id: string } | { ok: false; message: string };

/** A stable row id for a form's request id, per company and person (another person's same id is their own). */
export async function rowIdFor(viewer: Actor, kind: string, requestId: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify([viewer.company.id, viewer.user.id, kind, requestId]))));
  const hex = [...bytes.slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${kind}-${hex}`;
}

/** An active person of the viewer's company other than the viewer, with their name; null otherwise. */
export async function activeColleague(db: Db, viewer: Actor, userId: string): Promise<{ id: string; name: string } | null> {
  if (!userId || userId === viewer.user.id) return null;
  const row = await d1Statement(
    db,
    sql`SELECT id, name FROM users WHERE id = ${userId} AND company_id = ${viewer.company.id} AND is_deleted = 0 AND is_excluded = 0`
  ).first<{ id: string; name: string }>();
  return row ?? null;
}

async function commit(db: Db, writes: Writes, id: string): Promise<OutsideResult> {
  try {
    await db.batch(writes as never);
  } catch (error) {
    // The row is already there: this form was sent before (a resubmission), nothing more is written.
    if (/UNIQUE|PRIMARY KEY|constraint/i.test(String(error))) return { ok: true, id };
    throw error;
  }
  return { ok: true, id };
}

export interface GivenFeedback {
  format: FeedbackFormat;
  texts: Partial<Record<FeedbackTextField, string>>;
  dimensionInfos: DimensionInfo[];
}

/** Feedback given unasked to a colleague. */
export async function giveDirectFeedback(db: Db, viewer: Actor, receiverId: string, requestId: string, feedback: GivenFeedback): Promise<OutsideResult> {
  const id = await rowIdFor(viewer, "fi", requestId);
  const record = feedbackRecord({
    id,
    companyId: viewer.company.id,
    source: "direct",
    feedbackType: "feedback-to-employee",
    feedbackTypeTitle: FEEDBACK_KIND_TITLES["feedback-to-employee"],
    templateType: feedback.format,
    texts: feedback.texts,
    dimensionInfos: feedback.dimensionInfos,
    senderId: viewer.user.id,
    receiverId,
    anonymous: false,
    at: new Date(),
  });
  return commit(db, [...itemInserts(db, [record.item]), ...countUpserts(db, record.daily, record.competencies)], id);
}

/** Public praise to a colleague: shown to the company. */
export async function givePraise(
  db: Db,
  viewer: Actor,
  receiverId: string,
  requestId: string,
  praise: { text: string; dimensionInfos: DimensionInfo[] }
): Promise<OutsideResult> {
  const id = await rowIdFor(viewer, "fi", requestId);
  const record = feedbackRecord({
    id,
    companyId: viewer.company.id,
    source: "praise",
    feedbackType: "public-praise",
    feedbackTypeTitle: FEEDBACK_KIND_TITLES["public-praise"],
    templateType: "FreeText",
    texts: { feedbackText: praise.text },
    dimensionInfos: praise.dimensionInfos,
    senderId: viewer.user.id,
    receiverId,
    anonymous: false,
    isPublic: true,
    at: new Date(),
  });
  return commit(db, [...itemInserts(db, [record.item]), ...countUpserts(db, record.daily, record.competencies)], id);
}

/**
 * A request for feedback about oneself: the colleague's to-give item, and a message telling them
 * (kind "feedback-loop": it asks them to give feedback, as a loop's message does).
 */
export async function requestFeedback(db: Db, viewer: Actor, recipient: { id: string; name: string }, requestId: string, message: string): Promise<OutsideResult> {
  const id = await rowIdFor(viewer, "fq", requestId);
  const now = new Date();
  const text = message.trim();
  const writes: Writes = [
    db.insert(feedbackRequests).values({ id, companyId: viewer.company.id, requesterId: viewer.user.id, recipientId: recipient.id, message: text, state: "open", createdAt: now }),
    ...countUpserts(db, [requestIncrement(viewer.company.id, viewer.user.id, now)], []),
    ...(await prepareNotify(db, {
      companyId: viewer.company.id,
      recipientUserIds: [recipient.id],
      kind: "feedback-loop",
      subject: `${viewer.user.name} asked you for feedback`,
      body: text ? `${viewer.user.name} asked you for feedback: "${text}"` : `${viewer.user.name} asked you for feedback.`,
      link: `/feedback/requests/${id}`,
      dedupeKey: `feedback-request:${id}`,
    })),
  ];
  return commit(db, writes, id);
}

export interface RequestView {
  id: string;
  requester: { id: string; name: string };
  message: string;
  state: "open" | "given" | "declined";
  createdAt: number;
}

/** A request addressed to the viewer (only they answer it); another person's or company's is null. */
export async function requestToMe(db: Db, viewer: Actor, requestId: string): Promise<RequestView | null> {
  const row = await d1Statement(
    db,
    sql`SELECT r.id, r.requester_id AS requesterId, u.name AS requesterName, r.message, r.state, r.created_at AS createdAt
      FROM feedback_requests r JOIN users u ON u.id = r.requester_id AND u.company_id = r.company_id
      WHERE r.id = ${requestId} AND r.company_id = ${viewer.company.id} AND r.recipient_id = ${viewer.user.id}`
  ).first<{ id: string; requesterId: string; requesterName: string; message: string; state: RequestView["state"]; createdAt: number }>();
  if (!row) return null;
  return { id: row.id, requester: { id: row.requesterId, name: row.requesterName }, message: row.message, state: row.state, createdAt: row.createdAt };
}

export const REQUEST_CLOSED = GIVE_MESSAGES.requestAnswered;

/**
 * Answers a request once: the item (source request, to the requester) and the request marked
 * given, together. The item's unique request id is the last guard: a second answer fails the
 * whole batch, so the request is never answered twice.
 */
export async function answerRequest(db: Db, viewer: Actor, request: RequestView, feedback: GivenFeedback): Promise<OutsideResult> {
  if (request.state !== "open") return { ok: false, message: REQUEST_CLOSED };
  const now = new Date();
  const record = feedbackRecord({
    companyId: viewer.company.id,
    source: "request",
    feedbackType: "feedback-to-employee",
    feedbackTypeTitle: FEEDBACK_KIND_TITLES["feedback-to-employee"],
    templateType: feedback.format,
    texts: feedback.texts,
    dimensionInfos: feedback.dimensionInfos,
    senderId: viewer.user.id,
    receiverId: request.requester.id,
    requestId: request.id,
    anonymous: false,
    at: now,
  });
  const writes: Writes = [
    db
      .update(feedbackRequests)
      .set({ state: "given", answeredAt: now })
      .where(and(eq(feedbackRequests.id, request.id), eq(feedbackRequests.companyId, viewer.company.id), eq(feedbackRequests.state, "open"))),
    ...itemInserts(db, [record.item]),
    ...countUpserts(db, record.daily, record.competencies),
    // The requester is told their request was answered.
    ...(await prepareNotify(db, {
      companyId: viewer.company.id,
      recipientUserIds: [request.requester.id],
      kind: "feedback-loop",
      subject: `${viewer.user.name} answered your request for feedback`,
      body: `${viewer.user.name} answered your request for feedback.`,
      link: "/feedback",
      dedupeKey: `feedback-request-answered:${request.id}`,
    })),
  ];
  try {
    await db.batch(writes as never);
  } catch (error) {
    if (/UNIQUE|constraint/i.test(String(error))) return { ok: false, message: REQUEST_CLOSED };
    throw error;
  }
  return { ok: true, id: record.item.id };
}

/** Declines an open request (it leaves the colleague's to-give list). */
export async function declineRequest(db: Db, viewer: Actor, request: RequestView): Promise<OutsideResult> {
  if (request.state !== "open") return { ok: false, message: REQUEST_CLOSED };
  const [updated] = await db
    .update(feedbackRequests)
    .set({ state: "declined", answeredAt: new Date() })
    .where(and(eq(feedbackRequests.id, request.id), eq(feedbackRequests.companyId, viewer.company.id), eq(feedbackRequests.state, "open")))
    .returning({ id: feedbackRequests.id });
  return updated ? { ok: true, id: request.id } : { ok: false, message: REQUEST_CLOSED };
}

/**
 * The colleague step of a page that gives to, asks or praises someone (a GET form): the chosen
 * colleague (`to`), and without JavaScript the people matching the picker's search (`q`).
 */
export async function colleagueStep(db: Db, viewer: Pick<Viewer, "user" | "company" | "permissions">, url: URL) {
  const to = url.searchParams.get("to") ?? "";
  const chosen = to ? await activeColleague(db, viewer, to) : null;
  // Another company's person, a made-up id, oneself or someone who has left: there is no such colleague.
  if (to && !chosen) throw new Response("Not Found", { status: 404 });
  const q = url.searchParams.get("q") ?? "";
  const matches = asksPeopleSearch(url.searchParams, "q") ? await searchPeople(db, viewer, "colleagues", q) : null;
  return { chosen, invalid: false, q, matches };
}
