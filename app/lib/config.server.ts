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

const ConfigSchema = z
  .object({
    APP_URL: z.string().default("http://127.0.0.1:8787"),
    DEV_SIGN_IN: bool,
    SESSION_SECRET: z.string().optional(),
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
    // HR systems synced by integrations (app/modules/integrations/providers).
    BAMBOOHR_API_BASE_URL: z.string().default("https://api.bamboohr.com/api/gateway.php"),
    HIBOB_API_BASE_URL: z.string().default("https://api.hibob.com"),
  })
  .transform((env) => {
    const secret = env.SESSION_SECRET || (env.DEV_SIGN_IN ? "development-only-session-secret-not-for-production" : "");
    if (secret.length < 16) {
      throw new Error("SESSION_SECRET is not set (at least 16 characters); see README › Configuration");
    }
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
      hris: { bamboohrBaseUrl: env.BAMBOOHR_API_BASE_URL, hibobBaseUrl: env.HIBOB_API_BASE_URL },
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
