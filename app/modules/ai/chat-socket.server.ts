import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { aiChats, aiFeedbacks } from "~/db/schema";
import { maySeeAssistant, meetingFor } from "~/modules/access/one-on-ones.server";
import { getViewer } from "~/modules/auth/session.server";
import { CHAT_OWNER_HEADER, writeChatOwner } from "./chat-owner";
import { mayUseChat, type ChatOwner } from "./chat-session.server";

const SOCKET_PATH = /^\/api\/(slack|msteams)-ai\/socket\.io\/?$/;
const CHAT_ID = /^[A-Za-z0-9-]{1,64}$/;

/** The assistant's WebSocket path (001 §7): /api/{product}-ai/socket.io. */
export function isAiSocketPath(pathname: string): boolean {
  return SOCKET_PATH.test(pathname);
}

function refuse(status: 401 | 403 | 404, text: string): Response {
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/**
 * Opens the asking person's chat socket: checks who is signed in, the company and that the chat
 * (if named) is theirs, then hands the upgrade to the chat's `AiChat` object. Anything refused is
 * answered before the upgrade, so no socket exists for it.
 *
 * - `Origin` must be the app's own (a page elsewhere cannot ride the person's cookie into a
 *   socket: cross-site WebSocket hijacking); the session cookie is the specification's token.
 * - The path's product word must be the company's platform.
 * - ViewAiFeedback, and for the profile chat (no `oneOnOneId`) ViewAiChat; a meeting's panel
 *   needs the meeting to show the panel to the person (maySeeAssistant).
 * - `chatId` continues a chat of this person, company and place; none starts a new one.
 */
export async function openAiSocket(request: Request, context: AppLoadContext): Promise<Response> {
  const url = new URL(request.url);
  if (request.headers.get("Origin") !== new URL(context.config.appUrl).origin) return refuse(403, "Cross-site socket refused");
  const viewer = await getViewer(request, context);
  if (!viewer) return refuse(401, "Sign in first");
  const product = SOCKET_PATH.exec(url.pathname)?.[1];
  if (product !== viewer.company.platform) return refuse(404, "Not found");

  const oneOnOneId = url.searchParams.get("oneOnOneId") || null;
  if (!mayUseChat(viewer, { oneOnOneId })) return refuse(403, "Not allowed");
  const db = context.db;
  if (oneOnOneId) {
    const found = await meetingFor(db, viewer, oneOnOneId);
    if (!found) return refuse(404, "Not found");
    const [started] = await db
      .select({ id: aiFeedbacks.id })
      .from(aiFeedbacks)
      .where(and(eq(aiFeedbacks.oneOnOneId, oneOnOneId), eq(aiFeedbacks.companyId, viewer.company.id)))
      .limit(1);
    if (!maySeeAssistant(found.standing, Boolean(started))) return refuse(403, "Not allowed");
  }

  const named = url.searchParams.get("chatId");
  let chatId: string;
  if (named) {
    if (!CHAT_ID.test(named)) return refuse(404, "Not found");
    const [chat] = await db
      .select({ oneOnOneId: aiChats.oneOnOneId })
      .from(aiChats)
      .where(and(eq(aiChats.id, named), eq(aiChats.companyId, viewer.company.id), eq(aiChats.userId, viewer.user.id)))
      .limit(1);
    if (!chat || chat.oneOnOneId !== oneOnOneId) return refuse(404, "Not found");
    chatId = named;
  } else {
    chatId = crypto.randomUUID();
  }

  const owner: ChatOwner = { chatId, userId: viewer.user.id, companyId: viewer.company.id, oneOnOneId, fresh: !named };
  const namespace = context.cloudflare.env.AI_CHAT;
  const chat = namespace.get(namespace.idFromName(`chat:${chatId}`));
  return chat.fetch(new Request(url.toString(), { headers: { Upgrade: "websocket", [CHAT_OWNER_HEADER]: writeChatOwner(owner) } }));
}
