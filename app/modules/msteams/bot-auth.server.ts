import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import type { TeamsBotConfig } from "~/modules/notifications/teams-adapter.server";

/** Bot Framework tokens allow five minutes of clock skew (the Bot Connector authentication spec). */
export const BOT_CLOCK_TOLERANCE_SECONDS = 300;
const METADATA_TIMEOUT_MS = 5000;
/** The OpenID document names the key set's address; it is read again after a day. */
const METADATA_TTL_MS = 24 * 60 * 60 * 1000;

/** Why an inbound activity was refused: said in the log, answered 401. */
export class BotAuthError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "BotAuthError";
  }
}

type KeySet = ReturnType<typeof createRemoteJWKSet>;
const keySets = new Map<string, { keys: KeySet; until: number }>();

/** The key set the OpenID metadata names, kept in the isolate (jose refetches it for an unknown key id). */
async function botKeySet(metadataUrl: string, fetcher: typeof fetch, now: number): Promise<KeySet> {
  const cached = keySets.get(metadataUrl);
  if (cached && cached.until > now) return cached.keys;
  let jwksUri: unknown;
  try {
    const response = await fetcher(metadataUrl, { signal: AbortSignal.timeout(METADATA_TIMEOUT_MS) });
    if (!response.ok) throw new BotAuthError(`OpenID metadata answered ${response.status}`);
    jwksUri = ((await response.json()) as { jwks_uri?: unknown }).jwks_uri;
  } catch (error) {
    throw error instanceof BotAuthError ? error : new BotAuthError("OpenID metadata unreadable", { cause: error });
  }
  if (typeof jwksUri !== "string" || !/^https?:\/\//.test(jwksUri)) throw new BotAuthError("OpenID metadata names no jwks_uri");
  const keys = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: METADATA_TIMEOUT_MS });
  keySets.set(metadataUrl, { keys, until: now + METADATA_TTL_MS });
  return keys;
}

/**
 * Checks the Authorization header of an activity the Bot Framework sent us: an RS256 JWT signed by
 * a key of the OpenID metadata's key set, from the Bot Framework's issuer, for our bot (audience =
 * its app id), current within five minutes, and naming the activity's own serviceUrl (so a token
 * captured for one conversation cannot point the bot at another address).
 */
export async function verifyBotFrameworkRequest(
  bot: TeamsBotConfig,
  authorization: string | null,
  serviceUrl: string | null,
  options: { fetcher?: typeof fetch; now?: number } = {},
): Promise<JWTPayload> {
  if (!bot.appId) throw new BotAuthError("MSTEAMS_BOT_APP_ID is not set: no activity can be for us");
  const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token) throw new BotAuthError("no bearer token");
  const keys = await botKeySet(bot.openIdMetadataUrl, options.fetcher ?? ((input, init) => fetch(input, init)), options.now ?? Date.now());
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keys, {
      issuer: bot.issuer,
      audience: bot.appId,
      algorithms: ["RS256"],
      clockTolerance: BOT_CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ["exp"],
      ...(options.now !== undefined ? { currentDate: new Date(options.now) } : {}),
    }));
  } catch (error) {
    throw new BotAuthError(`token refused: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (!serviceUrl || payload.serviceurl !== serviceUrl) throw new BotAuthError("serviceurl claim does not match the activity's serviceUrl");
  return payload;
}
