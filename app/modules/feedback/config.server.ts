import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { channels, feedbackLibraryLoops, groups, users, workspaceMembers, workspaces } from "~/db/schema";
import { sharedCopy } from "~/lib/copy";
import { readSpreadsheet } from "~/lib/spreadsheet.server";
import type { Viewer } from "~/modules/auth/session.server";
import { formatLocalDateTime } from "~/modules/surveys/schedule";
import type { ConfigPage, PersonRef } from "./config-page";
import { EMAIL, emailPairsOf, hasQuestions, type EmailPair, type UploadOutcome } from "./config-rules";
import { AUDIENCE_KINDS, type AudienceKind } from "./config.schema";
import { launchBlocker, type LaunchFacts } from "./launch-check";
import { loopPairSummary, resolveLoopPairs } from "./loop-audience.server";
import type { Delivery, FeedbackFor, LoopPair, LoopType } from "./loop-types";
import { MAX_360_AUDIENCE, SELF_SELECT, uniquePairs } from "./pairs";

/**
 * The configuration of a library loop (002 §2.4): what the page shows and each setting's save.
 * Every save is one UPDATE of the setting's own columns (with version + 1 and updated_at) scoped
 * by the company, after its ids were checked to be the company's; a refusal writes nothing. No
 * Durable Object is involved: only the launch turns the loop into runs.
 */

export type LibraryLoop = typeof feedbackLibraryLoops.$inferSelect;
export type FieldErrors = Record<string, string[]>;
export type Saved = { ok: true } | { ok: false; fieldErrors: FieldErrors };

const idsIn = (column: unknown, ids: readonly string[]) => sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
const activeIn = (companyId: string) => and(eq(users.companyId, companyId), eq(users.isDeleted, false), eq(users.isExcluded, false));
const refuse = (field: string, message: string): Saved => ({ ok: false, fieldErrors: { [field]: [message] } });

export async function loadLibraryLoop(db: Db, companyId: string, id: string): Promise<LibraryLoop | null> {
  if (!id || id.length > 100) return null;
  const [row] = await db
    .select()
    .from(feedbackLibraryLoops)
    .where(and(eq(feedbackLibraryLoops.companyId, companyId), eq(feedbackLibraryLoops.id, id)))
    .limit(1);
  return row ?? null;
}

type Settable = Partial<
  Pick<
    LibraryLoop,
    | "workflowType"
    | "audienceType"
    | "audienceIds"
    | "workspaceId"
    | "feedbackFor"
    | "pairs"
    | "anonymous"
    | "deadlineAt"
    | "tzOffsetMinutes"
    | "startAt"
    | "frequency"
    | "notificationMessage"
    | "delivery"
  >
>;

/** The setting's own columns, on this company's loop only. */
async function update(db: Db, loop: LibraryLoop, set: Settable) {
  await db
    .update(feedbackLibraryLoops)
    .set({ ...set, version: sql`${feedbackLibraryLoops.version} + 1`, updatedAt: new Date() })
    .where(and(eq(feedbackLibraryLoops.id, loop.id), eq(feedbackLibraryLoops.companyId, loop.companyId)));
}

/** Active people of the company among `ids`. */
async function activePeople(db: Db, companyId: string, ids: readonly string[]): Promise<PersonRef[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(activeIn(companyId), idsIn(users.id, ids)));
}

// ---------------------------------------------------------------------------------------------
// Saves, one per setting (002 §7 "update feedback type", "audience", "feedback-for", …)
// ---------------------------------------------------------------------------------------------

export async function saveFeedbackType(db: Db, viewer: Viewer, loop: LibraryLoop, workflowType: LoopType): Promise<Saved> {
  // Teams-type loops are direct feedback, set when the loop was made (002 §2.4 "one platform only").
  if (viewer.company.platform !== "slack") return refuse("workflowType", sharedCopy.loopFeedbackTypeTeams);
  await update(db, loop, { workflowType });
  return { ok: true };
}

export async function saveAudience(
  db: Db,
  viewer: Viewer,
  loop: LibraryLoop,
  form: { audienceType: AudienceKind; users: string[]; channels: string[]; groups: string[]; workspaceId?: string }
): Promise<Saved> {
  const companyId = loop.companyId;
  const kinds: readonly string[] = AUDIENCE_KINDS[viewer.company.platform];
  if (!kinds.includes(form.audienceType)) return refuse("audienceType", sharedCopy.loopAudienceUnknown);
  if (form.audienceType === "workspace") {
    const [ws] = await db
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(and(eq(workspaces.companyId, companyId), eq(workspaces.id, form.workspaceId ?? "")))
      .limit(1);
    if (!ws) return refuse("workspaceId", sharedCopy.loopAudienceUnknownWorkspace);
    await update(db, loop, { audienceType: "workspace", audienceIds: [], workspaceId: ws.id });
    return { ok: true };
  }
  const field = form.audienceType;
  const ids = [...new Set(form[field])];
  let known: Set<string>;
  if (field === "users") known = new Set((await activePeople(db, companyId, ids)).map((p) => p.id));
  else if (field === "channels") {
    const rows = await db
      .select({ id: channels.id })
      .from(channels)
      .where(and(eq(channels.companyId, companyId), idsIn(channels.id, ids)));
    known = new Set(rows.map((r) => r.id));
  } else {
    const rows = await db
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.companyId, companyId), idsIn(groups.id, ids)));
    known = new Set(rows.map((r) => r.id));
  }
  if (ids.length === 0 || ids.some((id) => !known.has(id))) return refuse(field, sharedCopy.loopAudienceUnknown);
  await update(db, loop, { audienceType: field, audienceIds: ids, workspaceId: null });
  return { ok: true };
}

export async function clearAudience(db: Db, loop: LibraryLoop) {
  await update(db, loop, { audienceType: null, audienceIds: [], workspaceId: null });
}

export async function saveFeedbackFor(
  db: Db,
  loop: LibraryLoop,
  form: { feedbackFor: FeedbackFor; pairs: LoopPair[]; newPair: LoopPair | null }
): Promise<Saved> {
  if (loop.workflowType === "company-feedback") return refuse("feedbackFor", sharedCopy.loopFeedbackForCompany);
  const { feedbackFor } = form;
  if (feedbackFor === "manually-define") {
    const pairs = uniquePairs([...form.pairs, ...(form.newPair ? [form.newPair] : [])]);
    const ids = [...new Set(pairs.flatMap((p) => [p.senderId, p.receiverId]))];
    const known = new Set((await activePeople(db, loop.companyId, ids)).map((p) => p.id));
    if (ids.some((id) => !known.has(id))) return refuse(form.newPair ? "newSender" : "pairs", sharedCopy.loopPairPersonUnknown);
    await update(db, loop, { feedbackFor, pairs });
    return { ok: true };
  }
  const members = loop.audienceType ? (await resolveLoopPairs(db, loop.companyId, { ...loop, feedbackFor: null })).members : [];
  if (members.length === 0) return refuse("feedbackFor", sharedCopy.selectAudienceFirst);
  if (feedbackFor === "360") {
    if (members.length < 2) return refuse("feedbackFor", sharedCopy.selectTwoMembers);
    if (members.length > MAX_360_AUDIENCE) return refuse("feedbackFor", sharedCopy.loop360TooLarge(MAX_360_AUDIENCE));
  }
  await update(db, loop, { feedbackFor });
  return { ok: true };
}

export async function saveAnonymity(db: Db, loop: LibraryLoop, anonymous: boolean): Promise<Saved> {
  // 002 §4: the anonymity toggle applies only to the plain feedback template type.
  if (loop.templateType !== "feedback") return refuse("anonymity", sharedCopy.loopAnonymityNotAllowed);
  await update(db, loop, { anonymous });
  return { ok: true };
}

export async function saveDeadline(db: Db, loop: LibraryLoop, deadlineAt: number | null, tzOffsetMinutes: number): Promise<Saved> {
  if (deadlineAt !== null && loop.startAt && deadlineAt <= loop.startAt.getTime()) return refuse("deadline", sharedCopy.loopDeadlineBeforeStart);
  await update(db, loop, { deadlineAt: deadlineAt === null ? null : new Date(deadlineAt), tzOffsetMinutes });
  return { ok: true };
}

export async function saveSchedule(db: Db, loop: LibraryLoop, startAt: number | null, frequency: string, tzOffsetMinutes: number): Promise<Saved> {
  if (startAt !== null && loop.deadlineAt && loop.deadlineAt.getTime() <= startAt) return refuse("startDate", sharedCopy.loopDeadlineBeforeStart);
  // 002 §4: a one-on-one loop does not repeat.
  const chosen = loop.templateType === "one-on-one" || startAt === null ? "does-not-repeat" : frequency;
  await update(db, loop, { startAt: startAt === null ? null : new Date(startAt), frequency: chosen, tzOffsetMinutes });
  return { ok: true };
}

export async function saveMessage(db: Db, loop: LibraryLoop, notificationMessage: string): Promise<Saved> {
  await update(db, loop, { notificationMessage: notificationMessage.trim() });
  return { ok: true };
}

export async function saveDelivery(db: Db, loop: LibraryLoop, delivery: Delivery): Promise<Saved> {
  await update(db, loop, { delivery });
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------
// Upload of sender–receiver pairs (002 §2.4, §7 "upload pair", §8)
// ---------------------------------------------------------------------------------------------

export async function uploadPairs(db: Db, loop: LibraryLoop, file: unknown): Promise<UploadOutcome> {
  const read = await readSpreadsheet(file);
  if (!read.ok) return { ok: false, message: read.message, unverified: [] };
  const pairs = emailPairsOf(read.rows);
  if (pairs.length === 0) return { ok: false, message: sharedCopy.loopNoEmailColumns, unverified: [] };
  const emails = [...new Set(pairs.flatMap((p) => [p.sender, p.receiver]))].filter((e) => EMAIL.test(e));
  // Active people of the company (and of the loop's workspace, when it has one) by e-mail.
  const byEmail = new Map<string, string>();
  for (let i = 0; i < emails.length; i += 500) {
    const chunk = emails.slice(i, i + 500);
    const rows = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        and(
          activeIn(loop.companyId),
          sql`lower(${users.email}) IN (SELECT value FROM json_each(${JSON.stringify(chunk)}))`,
          loop.workspaceId
            ? sql`EXISTS (SELECT 1 FROM ${workspaceMembers} wm WHERE wm.workspace_id = ${loop.workspaceId} AND wm.user_id = ${users.id})`
            : undefined
        )
      );
    for (const r of rows) byEmail.set(r.email.toLowerCase(), r.id);
  }
  const verified: EmailPair[] = [];
  const unverified: EmailPair[] = [];
  const idPairs: LoopPair[] = [];
  for (const p of pairs) {
    const s = byEmail.get(p.sender);
    const r = byEmail.get(p.receiver);
    if (s && r && s !== r) {
      verified.push(p);
      idPairs.push({ senderId: s, receiverId: r });
    } else unverified.push({ ...p, senderOk: Boolean(s), receiverOk: Boolean(r) && s !== r });
  }
  const unique = uniquePairs(idPairs);
  if (unique.length === 0) return { ok: false, message: sharedCopy.loopNoPairsVerified, unverified };
  await update(db, loop, { audienceType: "upload", audienceIds: [], workspaceId: loop.workspaceId, pairs: unique, feedbackFor: "manually-define" });
  return { ok: true, verified, unverified, added: unique.length };
}

// ---------------------------------------------------------------------------------------------
// The page
// ---------------------------------------------------------------------------------------------

/** The audience, its pairs and the launch check of a loop as saved. */
const PREVIEW_NAMES = 5;

export async function loopFacts(db: Db, loop: LibraryLoop) {
  const summary = await loopPairSummary(db, loop.companyId, loop, PREVIEW_NAMES);
  const facts: LaunchFacts = {
    templateType: loop.templateType,
    hasQuestions: hasQuestions(loop),
    workflowType: loop.workflowType,
    audienceType: loop.audienceType,
    audienceCount: summary.memberCount,
    feedbackFor: loop.feedbackFor,
    definedPairCount: loop.feedbackFor === "manually-define" ? summary.pairCount : 0,
    audiencePairCount: loop.feedbackFor === "360" ? summary.pairCount : 0,
    delivery: loop.delivery,
  };
  return { summary, facts, blocker: launchBlocker(facts) };
}


export async function configPage(db: Db, viewer: Viewer, loop: LibraryLoop): Promise<ConfigPage> {
  const companyId = loop.companyId;
  const platform = viewer.company.platform;
  const [{ summary, blocker }, channelList, groupList, workspaceList] = await Promise.all([
    loopFacts(db, loop),
    platform === "slack"
      ? db
          .select({ id: channels.id, name: channels.name, isPrivate: channels.isPrivate, workspaceId: channels.workspaceId })
          .from(channels)
          .where(eq(channels.companyId, companyId))
          .orderBy(asc(sql`${channels.name} COLLATE NOCASE`))
      : Promise.resolve([]),
    platform === "msteams"
      ? db
          .select({ id: groups.id, name: groups.name })
          .from(groups)
          .where(eq(groups.companyId, companyId))
          .orderBy(asc(sql`${groups.name} COLLATE NOCASE`))
      : Promise.resolve([]),
    platform === "slack"
      ? db.select({ id: workspaces.id, name: workspaces.name }).from(workspaces).where(eq(workspaces.companyId, companyId))
      : Promise.resolve([]),
  ]);
  // Names: the chosen users, the defined pairs' people and who the preview's sender gives to.
  const firstSender = summary.firstSender;
  const forIds = summary.firstReceivers;
  const wanted = new Set<string>([
    ...(loop.audienceType === "users" ? loop.audienceIds : []),
    ...loop.pairs.flatMap((p) => [p.senderId, p.receiverId]),
    ...forIds.slice(0, PREVIEW_NAMES),
    ...(firstSender ? [firstSender] : []),
  ]);
  const named = wanted.size
    ? await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(and(eq(users.companyId, companyId), idsIn(users.id, [...wanted])))
    : [];
  const byId = new Map(named.map((p) => [p.id, p]));
  const ref = (id: string): PersonRef => byId.get(id) ?? { id, name: "Unknown person", email: "" };
  const offset = loop.tzOffsetMinutes;
  const companyType = loop.workflowType === "company-feedback";
  return {
    id: loop.id,
    version: loop.version,
    title: loop.title,
    templateType: loop.templateType,
    templateName: loop.templateName,
    templateFormat: loop.templateFormat,
    platform,
    companyName: viewer.company.name,
    blocks: loop.blocks,
    saved: {
      workflowType: loop.workflowType,
      audienceType: loop.audienceType,
      audienceIds: loop.audienceIds,
      workspaceId: loop.workspaceId,
      audienceUsers: loop.audienceType === "users" ? loop.audienceIds.map(ref) : [],
      feedbackFor: loop.feedbackFor,
      pairs: loop.pairs.map((p) => ({ sender: ref(p.senderId), receiver: ref(p.receiverId) })),
      anonymous: loop.anonymous,
      deadline: formatLocalDateTime(loop.deadlineAt?.getTime() ?? null, offset),
      startDate: formatLocalDateTime(loop.startAt?.getTime() ?? null, offset),
      frequency: loop.frequency,
      tzOffsetMinutes: offset,
      notificationMessage: loop.notificationMessage,
      delivery: loop.delivery,
    },
    channels: channelList.map((c) => ({ id: c.id, name: c.name, isPrivate: Boolean(c.isPrivate), workspaceId: c.workspaceId })),
    groups: groupList,
    workspaces: workspaceList,
    audienceCount: summary.memberCount,
    pairCount: summary.pairCount,
    preview: {
      senderName: firstSender && firstSender !== companyId ? ref(firstSender).name : null,
      feedbackFor: companyType
        ? [viewer.company.name]
        : forIds.filter((id) => id !== SELF_SELECT).slice(0, PREVIEW_NAMES).map((id) => ref(id).name),
      more: companyType ? 0 : Math.max(0, summary.firstReceiverCount - PREVIEW_NAMES),
      selfSelect: loop.feedbackFor === "self-select" && !companyType,
    },
    blocker,
    now: Date.now(),
  };
}
