import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createDb } from "~/db/client.server";
import { readConfig } from "~/lib/config.server";
import { saveInstallation } from "~/modules/slack/installations.server";
import worker from "../../workers/app";
import { ORIGIN } from "./helpers";

export const db = createDb(env.DB);
export const config = () => readConfig(env as Env);

async function hmacHex(secret: string, text: string) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const bytes = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(text)));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export interface SignedOptions {
  timestamp?: number;
  secret?: string;
  /** Overrides the computed signature. */
  signature?: string;
}

/** The headers Slack signs a request with. */
export async function slackHeaders(body: string, options: SignedOptions = {}) {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const signature = options.signature ?? `v0=${await hmacHex(options.secret ?? env.SLACK_SIGNING_SECRET, `v0:${timestamp}:${body}`)}`;
  return { "X-Slack-Request-Timestamp": String(timestamp), "X-Slack-Signature": signature };
}

/**
 * A server-to-server POST as Slack sends it: no Origin, no Sec-Fetch-Site, no cookie, through the
 * Worker's fetch (its cross-site gate included); waits for the work it leaves after answering.
 */
export async function slackPost(path: string, body: string, contentType: string, options: SignedOptions = {}) {
  const headers = new Headers({ "Content-Type": contentType, Host: new URL(ORIGIN).host, ...(await slackHeaders(body, options)) });
  const request = new Request(new URL(path, ORIGIN), { method: "POST", body, headers, redirect: "manual" });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], env as Env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

export const interactivityBody = (payload: unknown) => new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
export const FORM = "application/x-www-form-urlencoded";
export const JSON_TYPE = "application/json";

export interface FakeCall {
  method: string;
  authorization: string | null;
  body: Record<string, unknown>;
}

/**
 * The fake Slack's recorded calls. Test files running side by side share one fake: a test finds
 * its own calls by what it sent (a trigger id, a user id, a code) and never clears the list.
 */
export async function fakeSlackCalls(): Promise<FakeCall[]> {
  const response = await fetch(`${env.FAKE_SLACK_URL}/control/calls`);
  return (await response.json()) as FakeCall[];
}

export async function personByEmail(email: string) {
  const row = await env.DB.prepare("SELECT id, company_id, slack_user_id FROM users WHERE email = ?").bind(email).first<{ id: string; company_id: string; slack_user_id: string }>();
  if (!row) throw new Error(`no person ${email}`);
  return row;
}

/** Installs the app in a team the way the OAuth callback does (the same write). */
export async function install(companyId: string, teamId: string, botToken = `xoxb-${teamId}-test`) {
  const saved = await saveInstallation(db, config().integrationKeys, companyId, {
    teamId,
    teamName: `Workspace ${teamId}`,
    enterpriseId: null,
    appId: "A0PULSEBOARD",
    botUserId: `B${teamId}`,
    botToken,
    scopes: "chat:write",
    installedBySlackUserId: null,
  });
  if (!saved.ok) throw new Error(saved.reason);
  return saved.installationId;
}

export const count = async (table: string, where = "1 = 1", ...binds: unknown[]) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`).bind(...binds).first<{ n: number }>())!.n;
