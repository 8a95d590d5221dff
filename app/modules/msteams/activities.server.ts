import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { msteamsCopy } from "~/lib/copy";
import { logInfo, logWarn } from "~/lib/log.server";
import { snoozeReminders } from "~/modules/notifications/snooze.server";
import { send } from "~/modules/notifications/adapter-kit.server";
import { botFrameworkToken, SNOOZE_ACTION } from "~/modules/notifications/teams-adapter.server";
import { BotAuthError, verifyBotFrameworkRequest } from "./bot-auth.server";
import { companyForTenant, personForTeamsAccount, recordRemoval, saveInstallation } from "./conversations.server";

const Account = z.object({ id: z.string().min(1).max(512), aadObjectId: z.string().max(128).optional(), name: z.string().optional() });

/** The parts of a Bot Framework activity the bot reads; anything else it carries is ignored. */
const ActivitySchema = z.object({
  type: z.string().min(1),
  id: z.string().max(512).optional(),
  name: z.string().optional(),
  /** installationUpdate: add | add-upgrade | remove | remove-upgrade */
  action: z.string().optional(),
  serviceUrl: z.string().url().max(2048),
  from: Account,
  recipient: Account,
  conversation: z.object({ id: z.string().min(1).max(1024), tenantId: z.string().max(128).optional(), conversationType: z.string().optional() }),
  channelData: z.object({ tenant: z.object({ id: z.string().max(128) }).optional() }).passthrough().optional(),
  membersAdded: z.array(z.object({ id: z.string() })).optional(),
  membersRemoved: z.array(z.object({ id: z.string() })).optional(),
  text: z.string().optional(),
  value: z.unknown().optional(),
  localTimezone: z.string().max(64).optional(),
});
type Activity = z.infer<typeof ActivitySchema>;

const noContent = () => new Response(null, { status: 200 });
const refused = () => new Response(null, { status: 401, headers: { "Cache-Control": "no-store" } });

/**
 * POST /msteams/messages: every activity Teams sends the bot. The Bot Framework token is checked
 * first, before anything is read from the activity's content or written; then the activity is
 * one of: the app added or removed for a person (the conversation reference is stored or
 * dropped), "Snooze for a day" from a card (Action.Submit as a message, or an adaptiveCard/action
 * invoke), or a message typed to the bot (a short help reply).
 */
export async function handleBotActivity(request: Request, context: AppLoadContext): Promise<Response> {
  const text = await request.text();
  let raw: unknown = null;
  try {
    raw = JSON.parse(text);
  } catch {
    raw = null;
  }
  const claimedServiceUrl = typeof (raw as { serviceUrl?: unknown } | null)?.serviceUrl === "string" ? (raw as { serviceUrl: string }).serviceUrl : null;
  try {
    await verifyBotFrameworkRequest(context.config.msteamsBot, request.headers.get("Authorization"), claimedServiceUrl);
  } catch (error) {
    if (!(error instanceof BotAuthError)) throw error;
    logWarn(context.requestId, "Teams activity refused", { reason: error.message });
    return refused();
  }
  const parsed = ActivitySchema.safeParse(raw);
  if (!parsed.success) {
    logWarn(context.requestId, "Teams activity unreadable", { issues: parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".")}: ${i.message}`) });
    return new Response(null, { status: 400 });
  }
  const activity = parsed.data;
  const botAdded = activity.type === "installationUpdate" ? activity.action?.startsWith("add") : activity.membersAdded?.some((m) => m.id === activity.recipient.id);
  const botRemoved = activity.type === "installationUpdate" ? activity.action?.startsWith("remove") : activity.membersRemoved?.some((m) => m.id === activity.recipient.id);
  if ((activity.type === "installationUpdate" || activity.type === "conversationUpdate") && (botAdded || botRemoved)) {
    await recordInstallation(context, activity, botAdded ? "add" : "remove");
    return noContent();
  }
  if (activity.type === "invoke" && activity.name === "adaptiveCard/action") {
    const answer = submittedAction(activity) === SNOOZE_ACTION ? await snooze(context, activity) : msteamsCopy.help;
    return Response.json({ statusCode: 200, type: "application/vnd.microsoft.activity.message", value: answer });
  }
  if (activity.type === "message") {
    const answer = submittedAction(activity) === SNOOZE_ACTION ? await snooze(context, activity) : activity.text?.trim() ? msteamsCopy.help : null;
    if (answer) await reply(context, activity, answer);
    return noContent();
  }
  return noContent();
}

const tenantOf = (activity: Activity) => activity.conversation.tenantId ?? activity.channelData?.tenant?.id ?? null;

/** The verified sender as a person of the company that owns the tenant, or null (logged). */
async function sender(context: AppLoadContext, activity: Activity) {
  const tenantId = tenantOf(activity);
  const company = tenantId ? await companyForTenant(context.db, tenantId) : null;
  if (!tenantId || !company) {
    logInfo("Teams activity from a tenant no company uses", { requestId: context.requestId, tenantId, type: activity.type });
    return null;
  }
  const person = await personForTeamsAccount(context.db, company.id, { aadObjectId: activity.from.aadObjectId ?? null, teamsId: activity.from.id });
  if (!person) {
    logInfo("Teams activity from someone the company does not know", { requestId: context.requestId, tenantId, type: activity.type });
    return null;
  }
  return { tenantId, companyId: company.id, userId: person.id };
}

async function recordInstallation(context: AppLoadContext, activity: Activity, change: "add" | "remove") {
  const who = await sender(context, activity);
  if (!who) return;
  const now = new Date();
  if (change === "remove") {
    await recordRemoval(context.db, { ...who, now });
    return;
  }
  // Only a 1:1 conversation reaches the person alone; a team or group chat is not where their notifications go.
  if (activity.conversation.conversationType && activity.conversation.conversationType !== "personal") {
    logInfo("Teams app added outside a personal chat: no conversation stored", { requestId: context.requestId, conversationType: activity.conversation.conversationType });
    return;
  }
  await saveInstallation(
    context.db,
    {
      companyId: who.companyId,
      userId: who.userId,
      msteamsUserId: activity.from.id,
      aadObjectId: activity.from.aadObjectId ?? null,
      conversationId: activity.conversation.id,
      serviceUrl: activity.serviceUrl,
      tenantId: who.tenantId,
      botId: activity.recipient.id,
    },
    now,
  );
}

/** The card's submitted data's action: Action.Submit puts the data in `value`, an Action.Execute invoke in `value.action.data`. */
function submittedAction(activity: Activity): string | null {
  const value = (activity.value ?? null) as { action?: unknown; data?: { action?: unknown } } | null;
  if (!value || typeof value !== "object") return null;
  if (typeof value.action === "string") return value.action;
  const data = (value.action as { data?: { action?: unknown } } | undefined)?.data ?? value.data;
  return typeof data?.action === "string" ? data.action : null;
}

async function snooze(context: AppLoadContext, activity: Activity): Promise<string> {
  const who = await sender(context, activity);
  if (!who) return msteamsCopy.notLinked;
  const { until } = await snoozeReminders(context.db, { companyId: who.companyId, userId: who.userId, now: new Date() });
  return msteamsCopy.snoozed(formatUntil(until, activity.localTimezone));
}

/** The snooze's end in the person's own time zone when Teams names it, else UTC. */
export function formatUntil(until: Date, timeZone?: string): string {
  const options: Intl.DateTimeFormatOptions = {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  };
  try {
    return new Intl.DateTimeFormat("en-GB", { ...options, timeZone: timeZone || "UTC" }).format(until);
  } catch {
    return new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "UTC" }).format(until);
  }
}

/** Answers in the conversation the message came from, on the serviceUrl the verified token named. */
async function reply(context: AppLoadContext, activity: Activity, text: string) {
  const token = await botFrameworkToken(context.config.msteamsBot, (input, init) => fetch(input, init));
  if (!token.ok) {
    logWarn(context.requestId, "Teams reply not sent: no bot token", { detail: token.detail });
    return;
  }
  const conversation = encodeURIComponent(activity.conversation.id);
  const url = `${activity.serviceUrl.replace(/\/+$/, "")}/v3/conversations/${conversation}/activities${activity.id ? `/${encodeURIComponent(activity.id)}` : ""}`;
  const sent = await send((input, init) => fetch(input, init), {
    url,
    method: "POST",
    headers: { Authorization: `Bearer ${token.token}`, "Content-Type": "application/json; charset=utf-8" },
    body: JSON.stringify({
      type: "message",
      textFormat: "plain",
      text,
      from: { id: activity.recipient.id },
      recipient: { id: activity.from.id },
      conversation: { id: activity.conversation.id },
      ...(activity.id ? { replyToId: activity.id } : {}),
    }),
  });
  if ("networkError" in sent || sent.status >= 300) {
    logWarn(context.requestId, "Teams reply not sent", { status: "networkError" in sent ? sent.networkError : sent.status });
  }
}
