import { createCookie, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { Viewer } from "~/modules/auth/session.server";
import { slackApi, slackCall } from "./client.server";
import { saveInstallation } from "./installations.server";
import { SLACK_BOT_SCOPES } from "./scopes";

/**
 * "Add to Slack" (OAuth v2 per workspace). The state lives in a short-lived signed HttpOnly cookie
 * of the browser that started, with the installer's ids, as sign-in keeps its state
 * (app/modules/auth/oidc.server.ts): the callback is answered only in that browser, for the same
 * signed-in person, with the same state.
 */
const FLOW_TTL_SECONDS = 600;

interface InstallFlow {
  state: string;
  companyId: string;
  userId: string;
}

function flowCookie(request: Request, context: AppLoadContext) {
  return createCookie("__slack_install", {
    httpOnly: true,
    path: "/slack/",
    sameSite: "lax",
    secure: new URL(request.url).protocol === "https:",
    secrets: [context.config.sessionSecret],
    maxAge: FLOW_TTL_SECONDS,
  });
}

function randomState() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export function installCallbackUrl(request: Request) {
  return `${new URL(request.url).origin}/slack/oauth/callback`;
}

export class SlackInstallError extends Error {
  constructor(readonly reason: "not-configured" | "bad-state" | "denied" | "exchange-failed" | "team-of-another-company") {
    super(`slack install refused: ${reason}`);
    this.name = "SlackInstallError";
  }
}

export async function startSlackInstall(request: Request, context: AppLoadContext, viewer: Viewer): Promise<Response> {
  const { clientId, authorizeUrl } = context.config.slackApp;
  if (!clientId || !authorizeUrl) throw new SlackInstallError("not-configured");
  const flow: InstallFlow = { state: randomState(), companyId: viewer.company.id, userId: viewer.user.id };
  const url = new URL(authorizeUrl);
  url.searchParams.set("client_id", clientId);
  url.searchParams.set("scope", SLACK_BOT_SCOPES.join(","));
  url.searchParams.set("redirect_uri", installCallbackUrl(request));
  url.searchParams.set("state", flow.state);
  return redirect(url.toString(), {
    headers: { "Cache-Control": "no-store", "Set-Cookie": await flowCookie(request, context).serialize(flow) },
  });
}

function sameText(a: string, b: string) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export async function clearInstallCookie(request: Request, context: AppLoadContext) {
  return flowCookie(request, context).serialize("", { maxAge: 0, expires: new Date(0) });
}

/** The redirect back from Slack: state, then the code exchange, then the workspace's installation stored. */
export async function finishSlackInstall(request: Request, context: AppLoadContext, viewer: Viewer): Promise<{ teamName: string }> {
  const url = new URL(request.url);
  const flow = (await flowCookie(request, context).parse(request.headers.get("Cookie"))) as InstallFlow | null;
  const state = url.searchParams.get("state") ?? "";
  if (
    !flow ||
    typeof flow.state !== "string" ||
    !state ||
    !sameText(flow.state, state) ||
    flow.companyId !== viewer.company.id ||
    flow.userId !== viewer.user.id
  ) {
    throw new SlackInstallError("bad-state");
  }
  const code = url.searchParams.get("code");
  if (!code) throw new SlackInstallError("denied");
  const { clientId, clientSecret } = context.config.slackApp;
  if (!clientId || !clientSecret) throw new SlackInstallError("not-configured");
  const granted = await slackCall(() =>
    slackApi(context.config).oauth.v2.access({ client_id: clientId, client_secret: clientSecret, code, redirect_uri: installCallbackUrl(request) }),
  );
  if (!granted.ok || !("access_token" in granted) || !granted.access_token || !granted.team?.id || !granted.bot_user_id || !granted.app_id) {
    throw new SlackInstallError("exchange-failed");
  }
  const saved = await saveInstallation(context.db, context.config.integrationKeys, viewer.company.id, {
    teamId: granted.team.id,
    teamName: granted.team.name ?? granted.team.id,
    enterpriseId: granted.enterprise?.id ?? null,
    appId: granted.app_id,
    botUserId: granted.bot_user_id,
    botToken: granted.access_token,
    scopes: granted.scope ?? "",
    installedBySlackUserId: granted.authed_user?.id ?? null,
  });
  if (!saved.ok) throw new SlackInstallError("team-of-another-company");
  return { teamName: granted.team.name ?? granted.team.id };
}
