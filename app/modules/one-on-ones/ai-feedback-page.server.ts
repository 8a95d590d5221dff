import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { aiFeedbacks, users } from "~/db/schema";
import { sharedCopy } from "~/lib/copy";
import { redirectWithToast } from "~/lib/toast.server";
import { mayCraft, meetingFor } from "~/modules/access/one-on-ones.server";
import { analyseFeedback } from "~/modules/ai/analyser";
import { aiProviderFor, collect } from "~/modules/ai/provider.server";
import { AiProviderError, type AiWriteTask, type CompetencyRef } from "~/modules/ai/types";
import type { Viewer } from "~/modules/auth/session.server";
import { craftPath, shownScore } from "./ai-feedback-rules";
import { aiFeedbackSchema, type AiFeedbackFormValue } from "./ai-feedback.schema";
import { companyCompetencies, type AiFeedbackAnswer, type AiFeedbackCommand, type AiFeedbackRow } from "./ai-feedback-writes.server";
import { oneOnOneWriter } from "./writer.server";

/**
 * The crafting tool's loader and action (001 §2 prepare feedback, §7): the route stays thin.
 * Rewrites are written by the configured provider here, before the meeting's single writer is
 * asked, so a failing or slow provider writes nothing and never holds the meeting's queue; the
 * scores are always the embedded analyser's, read again by the write plan.
 */

const T = sharedCopy.aiCrafting;
const LIST_PATH = "/one-on-ones";
const notFound = () => new Response("Not Found", { status: 404 });

type CraftViewer = Pick<Viewer, "user" | "company">;

async function feedbackOfMeeting(db: Db, companyId: string, oneOnOneId: string): Promise<AiFeedbackRow | null> {
  const [row] = await db
    .select()
    .from(aiFeedbacks)
    .where(and(eq(aiFeedbacks.oneOnOneId, oneOnOneId), eq(aiFeedbacks.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

/** A stored AI feedback as the tool shows it: the stored reading, with the excerpts each part came from. */
export function feedbackView(row: AiFeedbackRow, catalogue: readonly CompetencyRef[]) {
  // Excerpts are not stored: the analyser is deterministic, so reading the stored text again gives them.
  const analysis = analyseFeedback(row.userFeedback, catalogue);
  const names = new Map(catalogue.map((c) => [c.id, c.name]));
  const named = (list: typeof row.strengthCompetency) => list.map((c) => ({ ...c, name: names.get(c.id) ?? c.id }));
  return {
    id: row.id,
    version: row.version,
    userFeedback: row.userFeedback,
    openingStatement: row.openingStatement,
    situation: row.situation,
    behavior: row.behavior,
    impact: row.impact,
    situationTags: row.situationTags,
    behaviorTags: row.behaviorTags,
    impactTags: row.impactTags,
    actionableSteps: row.actionableSteps,
    stepExcerpts: analysis.actionability.steps.map((s) => s.excerpt).filter(Boolean),
    strengths: named(row.strengthCompetency),
    development: named(row.developmentAreaCompetency),
    aiScore: shownScore(row.aiScore),
    specificityScore: shownScore(row.specificityScore),
    toneCategory: row.toneCategory,
    suggestedTone: row.suggestedTone,
    toneExcerpts: analysis.tone.excerpts,
    focusCategory: row.focusCategory,
    focusExcerpts: analysis.focus.excerpts,
    actionabilityScore: shownScore(row.actionabilityScore),
    isSubmitted: row.isSubmitted,
    submittedAt: row.submittedAt?.getTime() ?? null,
  };
}
export type AiFeedbackView = ReturnType<typeof feedbackView>;

async function personName(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)))
    .limit(1);
  return row?.name ?? "";
}

/**
 * The page's data. The reviewer edits; a super admin views an existing one read-only; anyone
 * else, an unknown or another company's meeting, or an id that is not this meeting's AI feedback
 * goes back to the list (001 §8 "navigates back").
 */
export async function craftPageData(context: AppLoadContext, viewer: CraftViewer, oneOnOneId: string, aiFeedbackId: string) {
  const found = await meetingFor(context.db, viewer, oneOnOneId);
  if (!found) throw redirect(LIST_PATH);
  const editable = mayCraft(found.standing);
  if (!editable && !found.standing.superAdmin) throw redirect(LIST_PATH);
  const row = await feedbackOfMeeting(context.db, viewer.company.id, found.meeting.id);
  if (aiFeedbackId === "new") {
    // A meeting has one AI feedback: once it exists, `new` opens it.
    if (row) throw redirect(craftPath(found.meeting.id, row.id));
    if (!editable) throw redirect(LIST_PATH);
  } else if (!row || row.id !== aiFeedbackId) throw redirect(LIST_PATH);
  const [catalogue, revieweeName] = await Promise.all([
    companyCompetencies(context.db, viewer.company.id),
    personName(context.db, viewer.company.id, found.meeting.revieweeId),
  ]);
  return {
    oneOnOneId: found.meeting.id,
    revieweeName,
    feedback: row ? feedbackView(row, catalogue) : null,
    /** The reviewer's tool (001 §6); a super admin only views it. */
    isReviewer: editable,
    /** The reviewer edits until it is submitted (001 §4). */
    editable: editable && !row?.isSubmitted,
    competencies: catalogue.map((c) => ({ id: c.id, name: c.name })),
    action: craftPath(found.meeting.id, row?.id ?? null),
    backTo: `${LIST_PATH}/${encodeURIComponent(found.meeting.id)}`,
    crumbLabels: { oneOnOneId: revieweeName, prepareAiFeedbackId: T.title },
  };
}
export type CraftPageData = Awaited<ReturnType<typeof craftPageData>>;

export interface CraftReply {
  result: ReturnType<Awaited<ReturnType<typeof parseWithZod>>["reply"]>;
  error: string | null;
  /** With JavaScript: the feedback as now stored, and where it lives (it moves from `new` once created). */
  feedback?: AiFeedbackView;
  location?: string;
}

/** What the provider is asked to write for an intent, in order; none when the text is stored as typed. */
function tasksOf(value: AiFeedbackFormValue): Array<(previous: string) => AiWriteTask> {
  switch (value.intent) {
    case "enhanceSpecificity":
      return [() => ({ kind: "specificity", userFeedback: value.userFeedback, situation: value.situation, behavior: value.behavior, impact: value.impact })];
    case "changeOpening":
      // The provider rewrites the opening statement in the chosen tone, then puts it in place of the first sentence.
      return [
        () => ({ kind: "tone", userFeedback: value.userFeedback, openingStatement: value.openingStatement.trim(), suggestedTone: value.suggestedTone }),
        (opening) => ({ kind: "merge-opening", userFeedback: value.userFeedback, openingStatement: opening }),
      ];
    case "mergeOpening":
      return [() => ({ kind: "merge-opening", userFeedback: value.userFeedback, openingStatement: value.openingStatement.trim() })];
    case "addActionability":
      return [() => ({ kind: "actionability", userFeedback: value.userFeedback, actionableSteps: value.actionableSteps })];
    case "refineText":
      return [() => ({ kind: "refine", userFeedback: value.userFeedback, selectedText: value.selectedText, instruction: value.modificationInstruction.trim() })];
    default:
      return [];
  }
}

function commandOf(value: AiFeedbackFormValue, oneOnOneId: string, aiFeedbackId: string, text: string, now: number): AiFeedbackCommand {
  const common = { oneOnOneId, aiFeedbackId, expectedVersion: value.version, text, now };
  switch (value.intent) {
    case "create":
      return { type: "create", oneOnOneId, aiFeedbackId, text, now };
    case "submit":
      return { type: "submit", ...common };
    case "addStrength":
    case "removeStrength":
    case "addDevelopment":
    case "removeDevelopment":
      return {
        type: "competency",
        ...common,
        op: value.intent.startsWith("add") ? "add" : "remove",
        list: value.intent.endsWith("Strength") ? "strength" : "development",
        competencyId: value.competencyId,
      };
    default:
      return { type: "save", ...common };
  }
}

export async function craftAction(context: AppLoadContext, viewer: CraftViewer, request: Request, oneOnOneId: string, aiFeedbackId: string) {
  const found = await meetingFor(context.db, viewer, oneOnOneId);
  if (!found || !mayCraft(found.standing)) throw notFound();
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: aiFeedbackSchema });
  const refuse = (error: string, status: number) =>
    data<CraftReply>({ result: submission.reply({ formErrors: [error] }) as CraftReply["result"], error }, { status });
  if (submission.status !== "success") {
    const errors = submission.reply().error ?? {};
    const first = Object.values(errors).flat().find(Boolean) ?? T.errors.invalid;
    return data<CraftReply>({ result: submission.reply() as CraftReply["result"], error: first }, { status: 400 });
  }
  const value = submission.value;
  if (value.id !== aiFeedbackId) throw notFound();
  const row = await feedbackOfMeeting(context.db, viewer.company.id, found.meeting.id);
  if (aiFeedbackId === "new") {
    if (row) return redirectWithToast(craftPath(found.meeting.id, row.id), { type: "error", message: T.errors.exists }, { request });
    if (value.intent !== "create") return refuse(T.errors.invalid, 400);
  } else {
    if (!row || row.id !== aiFeedbackId) throw notFound();
    if (value.intent === "create") return refuse(T.errors.invalid, 400);
    // Checked again by the single writer; here it spares a provider call that could not be stored.
    if (row.isSubmitted) return refuse(T.errors.submitted, 409);
    if (row.version !== value.version) return refuse(T.errors.stale, 409);
  }
  if (value.intent === "enhanceSpecificity" && row && [value.situation, value.behavior, value.impact].every((p, i) => p.trim() === [row.situation, row.behavior, row.impact][i]!.trim())) {
    return refuse(T.errors.unchangedSbi, 400);
  }
  if (value.intent === "refineText" && !value.userFeedback.includes(value.selectedText)) return refuse(T.errors.selectionNotFound, 400);

  let text = value.userFeedback;
  const provider = aiProviderFor(context);
  for (const task of tasksOf(value)) {
    try {
      text = (await collect(provider.write(task(text), { signal: request.signal }))).trim();
    } catch (error) {
      // The provider's message is safe to show; the text stays as the person wrote it.
      if (error instanceof AiProviderError) return refuse(error.message, 502);
      throw error;
    }
    if (!text) return refuse(T.errors.emptyRewrite, 502);
  }

  const id = aiFeedbackId === "new" ? crypto.randomUUID() : aiFeedbackId;
  const command = commandOf(value, found.meeting.id, id, text, Date.now());
  const answer = (await oneOnOneWriter(context, found.meeting.id).aiFeedback(
    { requestId: crypto.randomUUID(), companyId: viewer.company.id, actorId: viewer.user.id },
    command
  )) as AiFeedbackAnswer;
  if (!answer.ok) {
    if (answer.reason === "notFound") throw notFound();
    if (answer.reason === "exists" && answer.aiFeedbackId) {
      return redirectWithToast(craftPath(found.meeting.id, answer.aiFeedbackId), { type: "error", message: answer.error }, { request });
    }
    return refuse(answer.error, answer.reason === "stale" || answer.reason === "submitted" ? 409 : 400);
  }
  if (value.intent === "submit") return redirectWithToast(LIST_PATH, { type: "success", message: T.submitted }, { request });
  const location = craftPath(found.meeting.id, answer.aiFeedbackId);
  // The first analysis moves the tool from `new` to the created feedback's address, with or without
  // JavaScript (a fetcher follows the redirect), from the dialog too: on the meeting's page the link
  // that opened it ('Help me craft feedback') goes once the feedback exists.
  if (value.js !== "1" || value.intent === "create") return redirect(location, 303);
  const saved = await feedbackOfMeeting(context.db, viewer.company.id, found.meeting.id);
  if (!saved) throw notFound();
  return data<CraftReply>({
    result: submission.reply({ resetForm: false }) as CraftReply["result"],
    error: null,
    feedback: feedbackView(saved, await companyCompetencies(context.db, viewer.company.id)),
    location,
  });
}
