/**
 * Structured log lines; every server error carries the request id shown to the user.
 *
 * Every line goes through `redact`: sign-in secrets travel in URLs (the framed tab's token, the
 * provider's code and state, an authorization id, an ID token), and a log is read by more people
 * and kept longer than a request lives.
 */

/** Query parameters and form fields whose value is a credential or a one-time sign-in handle. */
const SECRET_PARAMS = [
  "token",
  "id_token",
  "idToken",
  "access_token",
  "refresh_token",
  "code",
  "code_verifier",
  "state",
  "nonce",
  "authorization",
  "client_secret",
  "apiKey",
  "api_key",
];
const PARAM_PATTERN = new RegExp(`([?&#;]|\\b)(${SECRET_PARAMS.join("|")})=([^&#\\s"'<>]*)`, "gi");
/** A JWT anywhere in a text (three base64url parts, the first a JSON header). */
const JWT_PATTERN = /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
const BEARER_PATTERN = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
/**
 * Fields that name a secret outright are dropped whatever their value looks like ("code" and
 * "state" are too common as field names for that; their values in URLs are caught above).
 */
const SECRET_KEYS = new Set(
  SECRET_PARAMS.filter((name) => name !== "code" && name !== "state")
    .map((name) => name.toLowerCase())
    .concat(["cookie", "set-cookie", "password", "secret"]),
);

export const REDACTED = "[redacted]";

export function redactText(text: string): string {
  return text
    .replace(JWT_PATTERN, REDACTED)
    .replace(BEARER_PATTERN, `$1 ${REDACTED}`)
    .replace(PARAM_PATTERN, (_match, lead: string, name: string) => `${lead}${name}=${REDACTED}`);
}

/** A copy of a log field with secrets replaced, at any depth (URLs and query strings in any field). */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redactText(value);
  if (value === null || typeof value !== "object" || depth > 5) return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  if (value instanceof URL) return redactText(value.toString());
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_KEYS.has(key.toLowerCase()) && item !== null && item !== undefined ? REDACTED : redact(item, depth + 1);
  }
  return out;
}

function write(level: "error" | "warn" | "info", fields: Record<string, unknown>) {
  const line = JSON.stringify(redact({ level, ...fields }));
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

function errorFields(error: unknown) {
  return error instanceof Error ? { message: error.message, stack: error.stack } : { error: String(error) };
}

export function logError(requestId: string, error: unknown, extra: Record<string, unknown> = {}) {
  write("error", { requestId, ...errorFields(error), ...extra });
}

/** Something refused or unusual that is not a server fault (a replayed sign-in, a bad token). */
export function logWarn(requestId: string, message: string, extra: Record<string, unknown> = {}) {
  write("warn", { requestId, message, ...extra });
}

export function logInfo(message: string, extra: Record<string, unknown> = {}) {
  write("info", { message, ...extra });
}
