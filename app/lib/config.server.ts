import { z } from "zod";

const csv = z
  .string()
  .default("")
  .transform((v) => v.split(/[,\s]+/).filter(Boolean));
const bool = z
  .string()
  .default("false")
  .transform((v) => v === "true");

const OIDC_SETTINGS = ["OIDC_ISSUER", "OIDC_AUTHORIZE_URL", "OIDC_TOKEN_URL", "OIDC_JWKS_URL", "CLIENT_ID", "CLIENT_SECRET"] as const;
// Typed key by key (a computed key would widen to an index signature and lose the names).
const oidc = <P extends "SLACK" | "MSTEAMS">(prefix: P) =>
  Object.fromEntries(OIDC_SETTINGS.map((name) => [`${prefix}_${name}`, z.string().default("")])) as {
    [K in `${P}_${(typeof OIDC_SETTINGS)[number]}`]: z.ZodDefault<z.ZodString>;
  };

const MIN_SECRET_LENGTH = 16;
/** Used only when DEV_SIGN_IN=true on a loopback APP_URL (tests/bench/run.mjs signs cookies with it). */
const DEVELOPMENT_SESSION_SECRET = "development-only-session-secret-not-for-production";
const DEVELOPMENT_INTEGRATION_KEYS = "dev:development-only-integration-key-not-for-production";

const LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "[::1]"];

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.includes(hostname);
}

/** http on 127.0.0.1, localhost or [::1] (any port): the only addresses the demo sign-in may run on. */
export function isLoopbackUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === "http:" && isLoopbackHost(url.hostname);
}

/** The keys that seal HR integration API keys (app/modules/integrations/crypto.server.ts). */
export interface IntegrationKeyRing {
  /** Encrypts every new or re-sealed key. */
  primary: { id: string; secret: string };
  /** Every key still accepted for decryption, by id (the primary first). */
  all: Map<string, string>;
}

function parseIntegrationKeys(value: string): IntegrationKeyRing {
  const fail = (why: string) => {
    throw new Error(`INTEGRATION_KEYS ${why}: give "id:secret" pairs separated by commas, the current key first; see README › Configuration`);
  };
  const all = new Map<string, string>();
  for (const entry of value.split(",").map((e) => e.trim()).filter(Boolean)) {
    const at = entry.indexOf(":");
    const id = at > 0 ? entry.slice(0, at) : "";
    const secret = at > 0 ? entry.slice(at + 1) : "";
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(id)) fail("has an entry without a key id (letters, digits, - or _)");
    if (secret.length < 32) fail(`has a key "${id}" shorter than 32 characters`);
    if (all.has(id)) fail(`names the key "${id}" twice`);
    all.set(id, secret);
  }
  const [first] = all;
  if (!first) return fail("is not set");
  return { primary: { id: first[0], secret: first[1] }, all };
}

const ConfigSchema = z
  .object({
    APP_URL: z.string().default("http://127.0.0.1:8787"),
    DEV_SIGN_IN: bool,
    SESSION_SECRET: z.string().optional(),
    /** HR integration API key encryption: "id:secret" pairs, comma-separated; the first encrypts, all decrypt. */
    INTEGRATION_KEYS: z.string().optional(),
    DEMO_TEAM_IDS: csv,
    NOTIFY_ADAPTER: z.enum(["outbox", "chat"]).default("outbox"),
    FRAME_ANCESTORS: z.string().default(""),
    /** Sign-in attempts per client IP, "limit/windowSeconds" (app/modules/auth/rate-limit.server.ts). */
    SIGN_IN_RATE_LIMIT: z.string().regex(/^\d+\/\d+$/, 'SIGN_IN_RATE_LIMIT must look like "30/60" (attempts/seconds)').default("30/60"),
    /** Where the not-authorized screen's "Contact Us" link writes to. */
    SUPPORT_EMAIL: z.string().default("support@pulseboard.example"),
    ...oidc("SLACK"),
    ...oidc("MSTEAMS"),
    // Chat delivery (NOTIFY_ADAPTER=chat); the tokens are secrets.
    SLACK_API_BASE_URL: z.string().default("https://slack.com/api"),
    SLACK_BOT_TOKEN: z.string().default(""),
    MSTEAMS_BOT_BASE_URL: z.string().default("https://smba.trafficmanager.net/teams"),
    MSTEAMS_BOT_APP_ID: z.string().default(""),
    MSTEAMS_BOT_TOKEN: z.string().default(""),
    // The Slack app (chat-apps/slack): request signing secret (a secret) and the OAuth install page.
    SLACK_SIGNING_SECRET: z.string().default(""),
    SLACK_OAUTH_AUTHORIZE_URL: z.string().default("https://slack.com/oauth/v2/authorize"),
    // The Teams bot (chat-apps/msteams): its client secret (a secret), its own tenant for tokens,
    // and the Bot Framework's token and OpenID endpoints.
    MSTEAMS_BOT_APP_PASSWORD: z.string().default(""),
    MSTEAMS_BOT_TENANT_ID: z.string().default("botframework.com"),
    MSTEAMS_BOT_TOKEN_URL: z.string().default("https://login.microsoftonline.com/{tenant}/oauth2/v2.0/token"),
    MSTEAMS_BOT_OPENID_METADATA_URL: z.string().default("https://login.botframework.com/v1/.well-known/openidconfiguration"),
    MSTEAMS_BOT_ISSUER: z.string().default("https://api.botframework.com"),
    // E-mail (app/modules/notifications/email): the outbox by default, or a transactional HTTP API.
    EMAIL_PROVIDER: z.enum(["outbox", "resend"]).default("outbox"),
    EMAIL_API_BASE_URL: z.string().default("https://api.resend.com"),
    EMAIL_API_KEY: z.string().default(""),
    EMAIL_FROM: z.string().default("Pulseboard <notifications@pulseboard.example>"),
    /** The UTC hour each person's reminders of the day go out as one digest. */
    REMINDER_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(9),
    // HR systems synced by integrations (app/modules/integrations/providers).
    BAMBOOHR_API_BASE_URL: z.string().default("https://api.bamboohr.com/api/gateway.php"),
    HIBOB_API_BASE_URL: z.string().default("https://api.hibob.com"),
    // The AI provider (app/modules/ai): the embedded analyser by default; AI_OPENAI_API_KEY is a secret.
    AI_PROVIDER: z.enum(["embedded", "workers-ai", "openai"]).default("embedded"),
    AI_WORKERS_MODEL: z.string().default("@cf/meta/llama-3.1-8b-instruct"),
    AI_OPENAI_BASE_URL: z.string().default("https://api.openai.com/v1"),
    AI_OPENAI_MODEL: z.string().default("gpt-4o-mini"),
    AI_OPENAI_API_KEY: z.string().default(""),
    /** How long a provider may take before its first chunk and between chunks. */
    AI_TIMEOUT_MS: z.coerce.number().int().min(100).default(20000),
  })
  .transform((env) => {
    // The demo sign-in lets anyone be anyone: it is refused outright unless the app is served on
    // this machine, and only then may the known development-only secrets stand in for real ones.
    const local = isLoopbackUrl(env.APP_URL);
    if (env.DEV_SIGN_IN && !local) {
      throw new Error(
        `DEV_SIGN_IN=true is refused: APP_URL (${env.APP_URL}) is not a local http address (127.0.0.1, localhost or [::1]); see README › Configuration`,
      );
    }
    const localDevelopment = env.DEV_SIGN_IN && local;
    const secret = env.SESSION_SECRET || (localDevelopment ? DEVELOPMENT_SESSION_SECRET : "");
    if (secret.length < MIN_SECRET_LENGTH) {
      throw new Error(
        `SESSION_SECRET is ${env.SESSION_SECRET ? "too short" : "not set"} (at least ${MIN_SECRET_LENGTH} characters); see README › Configuration`,
      );
    }
    const integrationKeys = parseIntegrationKeys(env.INTEGRATION_KEYS || (localDevelopment ? DEVELOPMENT_INTEGRATION_KEYS : ""));
    const provider = (p: "SLACK" | "MSTEAMS") => ({
      issuer: env[`${p}_OIDC_ISSUER`] as string,
      authorizeUrl: env[`${p}_OIDC_AUTHORIZE_URL`] as string,
      tokenUrl: env[`${p}_OIDC_TOKEN_URL`] as string,
      jwksUrl: env[`${p}_OIDC_JWKS_URL`] as string,
      clientId: env[`${p}_CLIENT_ID`] as string,
      clientSecret: env[`${p}_CLIENT_SECRET`] as string,
    });
    return {
      appUrl: env.APP_URL,
      devSignIn: env.DEV_SIGN_IN,
      sessionSecret: secret,
      integrationKeys,
      demoTeamIds: env.DEMO_TEAM_IDS,
      notifyAdapter: env.NOTIFY_ADAPTER,
      frameAncestors: env.FRAME_ANCESTORS.split(/\s+/).filter(Boolean),
      signInRateLimit: (([limit, windowSeconds]) => ({ limit: Math.max(1, limit), windowSeconds: Math.max(1, windowSeconds) }))(
        env.SIGN_IN_RATE_LIMIT.split("/").map(Number),
      ),
      supportEmail: env.SUPPORT_EMAIL,
      oidc: { slack: provider("SLACK"), msteams: provider("MSTEAMS") },
      chat: {
        slack: { apiBaseUrl: env.SLACK_API_BASE_URL, botToken: env.SLACK_BOT_TOKEN },
        msteams: { botBaseUrl: env.MSTEAMS_BOT_BASE_URL, botAppId: env.MSTEAMS_BOT_APP_ID, botToken: env.MSTEAMS_BOT_TOKEN },
      },
      slackApp: {
        signingSecret: env.SLACK_SIGNING_SECRET,
        clientId: env.SLACK_CLIENT_ID,
        clientSecret: env.SLACK_CLIENT_SECRET,
        authorizeUrl: env.SLACK_OAUTH_AUTHORIZE_URL,
        apiBaseUrl: env.SLACK_API_BASE_URL,
      },
      msteamsBot: {
        appId: env.MSTEAMS_BOT_APP_ID,
        appPassword: env.MSTEAMS_BOT_APP_PASSWORD,
        tenantId: env.MSTEAMS_BOT_TENANT_ID,
        tokenUrl: env.MSTEAMS_BOT_TOKEN_URL,
        openIdMetadataUrl: env.MSTEAMS_BOT_OPENID_METADATA_URL,
        issuer: env.MSTEAMS_BOT_ISSUER,
      },
      email: { provider: env.EMAIL_PROVIDER, apiBaseUrl: env.EMAIL_API_BASE_URL, apiKey: env.EMAIL_API_KEY, from: env.EMAIL_FROM },
      reminderDigestHour: env.REMINDER_DIGEST_HOUR,
      hris: { bamboohrBaseUrl: env.BAMBOOHR_API_BASE_URL, hibobBaseUrl: env.HIBOB_API_BASE_URL },
      ai: {
        provider: env.AI_PROVIDER,
        workersModel: env.AI_WORKERS_MODEL,
        openai: { baseUrl: env.AI_OPENAI_BASE_URL, model: env.AI_OPENAI_MODEL, apiKey: env.AI_OPENAI_API_KEY },
        timeoutMs: env.AI_TIMEOUT_MS,
      },
    };
  });

export type Config = z.output<typeof ConfigSchema>;
export type OidcProviderConfig = Config["oidc"]["slack"];
export type ChatDeliveryConfig = Config["chat"];

/** Configuration validated once per isolate and env object (bindings only reach code through the load context). */
const cache = new WeakMap<object, Config>();
export function readConfig(env: Env): Config {
  let config = cache.get(env);
  if (!config) {
    config = ConfigSchema.parse(env);
    cache.set(env, config);
  }
  return config;
}
