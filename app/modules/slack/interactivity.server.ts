import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, ne, sql } from "drizzle-orm";
import type { BlockAction, BlockSuggestion, ViewSubmission } from "slack-edge";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema";
import { sharedCopy } from "~/lib/copy";
import { personOfUser } from "~/modules/auth/session.server";
import { activeColleague, giveDirectFeedback, givePraise } from "~/modules/feedback/outside.server";
import { snoozeReminders } from "~/modules/notifications/snooze.server";
import { slackApi, slackCall } from "./client.server";
import { activeInstallation, slackPerson } from "./installations.server";
import { afterResponse } from "./request.server";
import {
  colleagueOptions,
  FEEDBACK_TEXT_MAX,
  GIVE_FEEDBACK_CALLBACK,
  MODAL_ACTION,
  MODAL_BLOCKS,
  noticeModal,
  QUICK_FEEDBACK_KINDS,
  quickFeedbackModal,
  STATIC_SELECT_LIMIT,
  type Colleague,
  type QuickFeedbackKind,
} from "./views";

const words = sharedCopy.slackApp;
const ok = () => new Response(null, { status: 200 });
const json = (value: unknown) => Response.json(value, { headers: { "Cache-Control": "no-store" } });

type AnyPayload = { type?: string; team?: { id?: string } | null; user?: { id?: string; team_id?: string } };

/** The team a payload came from: the workspace, or on Enterprise Grid the user's team. */
const teamOf = (payload: AnyPayload) => payload.team?.id ?? payload.user?.team_id ?? "";

/** Active people of the company other than the person, by name (a search when `query` is given). */
async function colleagues(db: Db, person: { companyId: string; userId: string }, query: string | null, limit: number): Promise<Colleague[]> {
  const conditions = [eq(users.companyId, person.companyId), ne(users.id, person.userId), eq(users.isDeleted, false), eq(users.isExcluded, false)];
  if (query) conditions.push(sql`${users.name} LIKE ${`%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} ESCAPE '\\' COLLATE NOCASE`);
  return db.select({ id: users.id, name: users.name }).from(users).where(and(...conditions)).orderBy(sql`${users.name} COLLATE NOCASE`).limit(limit);
}

/** Posts the answer to a button through the response_url Slack gave, if it is Slack's (or the configured API host's). */
async function respond(context: AppLoadContext, responseUrl: string | undefined, text: string) {
  if (!responseUrl) return;
  let url: URL;
  try {
    url = new URL(responseUrl);
  } catch {
    return;
  }
  const apiOrigin = new URL(context.config.slackApp.apiBaseUrl).origin;
  if (!(url.protocol === "https:" && url.hostname === "hooks.slack.com") && url.origin !== apiOrigin) return;
  await fetch(url.toString(), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ response_type: "ephemeral", replace_original: false, text }),
  });
}

const untilText = (until: Date) => `${until.toISOString().slice(0, 16).replace("T", " ")} UTC`;

async function openFeedbackModal(context: AppLoadContext, payload: BlockAction<never>) {
  const teamId = teamOf(payload);
  const installation = await activeInstallation(context.db, context.config.integrationKeys, teamId);
  if (!installation) return;
  const who = await slackPerson(context.db, teamId, payload.user.id);
  let view: Record<string, unknown>;
  if (!who) {
    view = noticeModal(words.modalNotLinked);
  } else {
    const list = await colleagues(context.db, who, null, STATIC_SELECT_LIMIT + 1);
    view = quickFeedbackModal({ colleagues: list.length > STATIC_SELECT_LIMIT ? "search" : list });
  }
  await slackCall(() => slackApi(context.config, installation.botToken).views.open({ trigger_id: payload.trigger_id, view: view as never }));
}

async function blockActions(context: AppLoadContext, payload: BlockAction<never>): Promise<Response> {
  const action = payload.actions?.[0] as { action_id?: string } | undefined;
  if (action?.action_id === "give_feedback") {
    afterResponse(context, "views.open", () => openFeedbackModal(context, payload));
    return ok();
  }
  if (action?.action_id === "snooze_reminders") {
    const who = await slackPerson(context.db, teamOf(payload), payload.user.id);
    const responseUrl = (payload as { response_url?: string }).response_url;
    if (!who) {
      afterResponse(context, "response_url", () => respond(context, responseUrl, words.notLinked));
      return ok();
    }
    const { until } = await snoozeReminders(context.db, { companyId: who.companyId, userId: who.userId, now: new Date() });
    afterResponse(context, "response_url", () => respond(context, responseUrl, words.snoozed(untilText(until))));
    return ok();
  }
  // A link button (Open) only needs the acknowledgement.
  return ok();
}

async function blockSuggestion(context: AppLoadContext, payload: BlockSuggestion): Promise<Response> {
  const who = await slackPerson(context.db, teamOf(payload as AnyPayload), payload.user.id);
  if (!who || payload.block_id !== MODAL_BLOCKS.colleague) return json({ options: [] });
  return json({ options: colleagueOptions(await colleagues(context.db, who, payload.value.trim().slice(0, 100), STATIC_SELECT_LIMIT)) });
}

type StateValue = { selected_option?: { value?: string } | null; value?: string | null };

/**
 * The quick feedback modal's submission, stored as the app stores feedback given on its pages
 * (giveDirectFeedback / givePraise) by the person the Slack user is in the company owning the
 * team. The view id is the request id, so Slack retrying the same submission stores it once.
 * A colleague who is not an active person of that company is an error on the field; nothing is stored.
 */
export async function submitQuickFeedback(context: AppLoadContext, payload: ViewSubmission): Promise<Response> {
  const who = await slackPerson(context.db, teamOf(payload as AnyPayload), payload.user.id);
  const person = who ? await personOfUser(context.db, who.companyId, who.userId) : null;
  if (!person) return json({ response_action: "errors", errors: { [MODAL_BLOCKS.colleague]: words.modalNotLinked } });
  const values = (payload.view.state?.values ?? {}) as Record<string, Record<string, StateValue>>;
  const receiverId = values[MODAL_BLOCKS.colleague]?.[MODAL_ACTION]?.selected_option?.value ?? "";
  const kindValue = values[MODAL_BLOCKS.kind]?.[MODAL_ACTION]?.selected_option?.value ?? "feedback";
  const text = (values[MODAL_BLOCKS.text]?.[MODAL_ACTION]?.value ?? "").trim();
  const errors: Record<string, string> = {};
  const receiver = await activeColleague(context.db, person, receiverId);
  if (!receiver) errors[MODAL_BLOCKS.colleague] = words.modalUnknownColleague;
  if (!text) errors[MODAL_BLOCKS.text] = words.modalTextRequired;
  else if (text.length > FEEDBACK_TEXT_MAX) errors[MODAL_BLOCKS.text] = words.modalTextTooLong(FEEDBACK_TEXT_MAX);
  if (!(QUICK_FEEDBACK_KINDS as readonly string[]).includes(kindValue)) errors[MODAL_BLOCKS.kind] = words.modalKindInvalid;
  if (!receiver || Object.keys(errors).length) return json({ response_action: "errors", errors });
  const requestId = `slack-view:${payload.view.id}`;
  const kind = kindValue as QuickFeedbackKind;
  const stored =
    kind === "praise"
      ? await givePraise(context.db, person, receiver.id, requestId, { text, dimensionInfos: [] })
      : await giveDirectFeedback(context.db, person, receiver.id, requestId, { format: "FreeText", texts: { feedbackText: text }, dimensionInfos: [] });
  if (!stored.ok) return json({ response_action: "errors", errors: { [MODAL_BLOCKS.text]: stored.message } });
  return ok();
}

/** One verified interactivity request (the form field `payload`). */
export async function handleInteractivity(context: AppLoadContext, rawBody: string): Promise<Response> {
  let payload: AnyPayload;
  try {
    payload = JSON.parse(new URLSearchParams(rawBody).get("payload") ?? "") as AnyPayload;
  } catch {
    return new Response("Bad Request", { status: 400 });
  }
  switch (payload.type) {
    case "block_actions":
      return blockActions(context, payload as unknown as BlockAction<never>);
    case "block_suggestion":
      return blockSuggestion(context, payload as unknown as BlockSuggestion);
    case "view_submission": {
      const submission = payload as unknown as ViewSubmission;
      if (submission.view?.callback_id === GIVE_FEEDBACK_CALLBACK) return submitQuickFeedback(context, submission);
      return ok();
    }
    default:
      return ok();
  }
}
