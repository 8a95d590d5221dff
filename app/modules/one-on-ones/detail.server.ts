import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray } from "drizzle-orm";
import { aiFeedbacks, competencies, oneOnOneParties, users } from "~/db/schema";
import { oneOnOnesCopy as t } from "~/lib/copy";
import {
  mayCraft,
  maySeeAiFeedback,
  maySeeAssistant,
  maySeeSide,
  mayWriteSide,
  meetingFor,
  type MeetingRow,
  type MeetingStanding,
} from "~/modules/access/one-on-ones.server";
import type { AssistantPanelProps } from "~/modules/ai/components/assistant-panel";
import type { Viewer } from "~/modules/auth/session.server";
import { loopFrequencyLabel } from "~/modules/feedback/manage.server";
import { personGoals, type PersonGoal } from "~/modules/goals/person-goals.server";
import { personObjectives, type PersonObjective } from "~/modules/objectives/person-objectives.server";
import { meetingDate } from "./meeting-machine";
import type { MeetingAnswer } from "./meeting-writes.server";
import { meetingActionSchema } from "./one-on-ones.schema";
import type { PartyRole, PrepAnswers } from "./one-on-one-types";
import { prepAnswersOf, prepBlocks, type PrepBlock } from "./prep-blocks";
import { oneOnOneWriter } from "./writer.server";

export const LIST_PATH = "/one-on-ones";

export interface SideView {
  role: PartyRole;
  name: string;
  mine: boolean;
  /** The viewer answers this side now (theirs, not yet submitted, before the session). */
  writable: boolean;
  submitted: boolean;
  /** The submitted answers when the viewer may read them; null when pending or hidden. */
  answers: PrepAnswers | null;
}

export interface MeetingPageData {
  id: string;
  platform: Viewer["company"]["platform"];
  reviewer: { id: string; name: string };
  reviewee: { id: string; name: string };
  state: MeetingRow["state"];
  date: number | null;
  scheduledAt: number | null;
  repeats: string;
  role: PartyRole | null;
  mayClose: boolean;
  aiFeedback: null | {
    id: string;
    aiScore: number;
    userFeedback: string;
    specificityScore: number;
    actionabilityScore: number;
    toneCategory: string | null;
    focusCategory: string | null;
    strengths: string[];
    developmentAreas: string[];
    isSubmitted: boolean;
    editHref: string | null;
  };
  objectives: PersonObjective[];
  goals: PersonGoal[] | null;
  blocks: PrepBlock[];
  sides: SideView[];
  notes: null | { sharedNotes: string; privateNotes: string; editing: boolean };
  /** The other side's shared notes (a super admin who is not a party reads both sides'). */
  sharedNotesOf: Array<{ role: PartyRole; name: string; text: string }>;
  assistant: AssistantPanelProps | null;
  requestId: string;
}

/** The meeting and the viewer's standing, or the way back to the list (001 §8: an invalid, foreign or unreadable id). */
export async function meetingOrBack(context: AppLoadContext, viewer: Viewer, id: string | undefined) {
  const found = id && id.length <= 100 ? await meetingFor(context.db, viewer, id) : null;
  if (!found) throw redirect(LIST_PATH);
  return found;
}

export async function loadMeetingPage(context: AppLoadContext, viewer: Viewer, id: string | undefined, url: URL): Promise<MeetingPageData> {
  const { meeting, standing } = await meetingOrBack(context, viewer, id);
  const db = context.db;
  const c = viewer.company.id;
  const date = meetingDate({ state: meeting.state, scheduledAt: meeting.scheduledAt?.getTime() ?? null, startAt: meeting.startAt?.getTime() ?? null });
  const at = date ?? Date.now();
  const slack = viewer.company.platform === "slack";
  const [[people, parties, feedbacks], objectives, goals] = await Promise.all([
    db.batch([
      db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.companyId, c), inArray(users.id, [meeting.reviewerId, meeting.revieweeId]))),
      db.select().from(oneOnOneParties).where(and(eq(oneOnOneParties.oneOnOneId, meeting.id), eq(oneOnOneParties.companyId, c))),
      db.select().from(aiFeedbacks).where(and(eq(aiFeedbacks.oneOnOneId, meeting.id), eq(aiFeedbacks.companyId, c))).limit(1),
    ]),
    personObjectives(db, c, meeting.revieweeId, { period: { from: at, to: at } }),
    slack ? personGoals(db, c, meeting.revieweeId) : Promise.resolve(null),
  ]);
  const nameOf = (uid: string) => people.find((p) => p.id === uid)?.name ?? "";
  const reviewer = { id: meeting.reviewerId, name: nameOf(meeting.reviewerId) };
  const reviewee = { id: meeting.revieweeId, name: nameOf(meeting.revieweeId) };
  const partyOf = (role: PartyRole) => parties.find((p) => p.userId === (role === "reviewer" ? meeting.reviewerId : meeting.revieweeId));
  const beforeSession = meeting.state === "prep" || meeting.state === "open";
  const sides: SideView[] = (["reviewer", "reviewee"] as const).map((role) => {
    const party = partyOf(role);
    const submitted = Boolean(party?.submittedAt);
    return {
      role,
      name: role === "reviewer" ? reviewer.name : reviewee.name,
      mine: standing.role === role,
      writable: mayWriteSide(standing, role) && !submitted && beforeSession,
      submitted,
      answers: submitted && maySeeSide(standing, role) ? (party?.answers ?? {}) : null,
    };
  });
  const mine = standing.role ? partyOf(standing.role) : undefined;
  const feedback = feedbacks[0] ?? null;
  const aiFeedback = feedback && maySeeAiFeedback(standing, feedback) ? await aiFeedbackView(context, c, meeting.id, feedback, standing) : null;
  return {
    id: meeting.id,
    platform: viewer.company.platform,
    reviewer,
    reviewee,
    state: meeting.state,
    date,
    scheduledAt: meeting.scheduledAt?.getTime() ?? null,
    repeats: loopFrequencyLabel({ frequency: meeting.frequency, startAt: meeting.scheduledAt?.getTime() ?? 0, tzOffsetMinutes: 0 }),
    role: standing.role,
    mayClose: standing.role === "reviewer" && meeting.state === "session",
    aiFeedback,
    objectives,
    goals,
    blocks: prepBlocks(meeting.blocks as unknown[]),
    sides,
    notes: standing.role
      ? { sharedNotes: mine?.sharedNotes ?? "", privateNotes: mine?.privateNotes ?? "", editing: url.searchParams.get("notes") === "edit" }
      : null,
    sharedNotesOf: (["reviewer", "reviewee"] as const)
      .filter((role) => role !== standing.role && maySeeSide(standing, role))
      .map((role) => ({ role, name: role === "reviewer" ? reviewer.name : reviewee.name, text: partyOf(role)?.sharedNotes ?? "" })),
    assistant: maySeeAssistant(standing, feedback !== null)
      ? {
          platform: viewer.company.platform,
          oneOnOneId: meeting.id,
          reviewer,
          reviewee,
          craftHref: mayCraft(standing) && !feedback ? `/one-on-ones/${encodeURIComponent(meeting.id)}/prepare-feedback/new` : null,
          superAdmin: standing.superAdmin,
        }
      : null,
    requestId: crypto.randomUUID(),
  };
}

async function aiFeedbackView(
  context: AppLoadContext,
  companyId: string,
  meetingId: string,
  f: typeof aiFeedbacks.$inferSelect,
  standing: MeetingStanding
): Promise<MeetingPageData["aiFeedback"]> {
  const ids = [...f.strengthCompetency, ...f.developmentAreaCompetency].map((x) => x.id);
  const names = ids.length
    ? await context.db
        .select({ id: competencies.id, name: competencies.name })
        .from(competencies)
        .where(and(eq(competencies.companyId, companyId), inArray(competencies.id, ids)))
    : [];
  const nameOf = (id: string) => names.find((n) => n.id === id)?.name;
  const named = (list: Array<{ id: string }>) => list.map((x) => nameOf(x.id)).filter((n): n is string => Boolean(n));
  return {
    id: f.id,
    aiScore: Math.floor(f.aiScore ?? 0),
    userFeedback: f.userFeedback,
    specificityScore: Math.round(f.specificityScore),
    actionabilityScore: Math.round(f.actionabilityScore),
    toneCategory: f.toneCategory,
    focusCategory: f.focusCategory,
    strengths: named(f.strengthCompetency),
    developmentAreas: named(f.developmentAreaCompetency),
    isSubmitted: f.isSubmitted,
    editHref: mayCraft(standing) && !f.isSubmitted ? `/one-on-ones/${encodeURIComponent(meetingId)}/prepare-feedback/${encodeURIComponent(f.id)}` : null,
  };
}

export type MeetingActionResult =
  | { kind: "invalid"; result: SubmissionResult<string[]>; intent: string }
  | { kind: "refused"; status: number; error: string; intent: string }
  | { kind: "done"; intent: "prep" | "notes" | "close" };

/** The page's forms: the viewer's own side's prep answers and notes, and the reviewer's close. */
export async function runMeetingAction(context: AppLoadContext, viewer: Viewer, id: string | undefined, form: FormData): Promise<MeetingActionResult> {
  // A write to a meeting the viewer cannot see (unknown, another company's, someone else's) is a 404, not a redirect.
  const found = id && id.length <= 100 ? await meetingFor(context.db, viewer, id) : null;
  if (!found) throw new Response("Not Found", { status: 404 });
  const { meeting, standing } = found;
  const intent = String(form.get("intent") ?? "");
  if (intent !== "prep" && intent !== "notes" && intent !== "close") throw new Response("Invalid intent", { status: 400 });
  // Only a party writes, and only its own side: a super admin who is not one is refused before any parsing.
  if (!standing.role) throw new Response("Forbidden", { status: 403 });
  const blocks = prepBlocks(meeting.blocks as unknown[]);
  const submission = parseWithZod(form, { schema: meetingActionSchema(blocks) });
  if (submission.status !== "success") return { kind: "invalid", result: submission.reply(), intent };
  const value = submission.value;
  const now = Date.now();
  const command =
    value.intent === "prep"
      ? { type: "submitPrep" as const, oneOnOneId: meeting.id, answers: prepAnswersOf(blocks, value.a), now }
      : value.intent === "notes"
        ? { type: "saveNotes" as const, oneOnOneId: meeting.id, sharedNotes: value.sharedNotes ?? "", privateNotes: value.privateNotes ?? "", now }
        : { type: "close" as const, oneOnOneId: meeting.id, now };
  const answer = (await oneOnOneWriter(context, meeting.id).meeting(
    { requestId: value.requestId, companyId: viewer.company.id, actorId: viewer.user.id },
    command
  )) as MeetingAnswer;
  if (!answer.ok) return { kind: "refused", status: answer.status, error: answer.error, intent };
  return { kind: "done", intent: value.intent };
}

export const DONE_MESSAGES = { prep: t.prepSubmitted, notes: t.notesSaved, close: t.meetingClosed } as const;
