import { z } from "zod";

const csv = z
  .string()
  .default("")
  .transform((v) => v.split(/[,\s]+/).filter(Boolean));
const bool = z
  .string()
  .default("false")
  .transform((v) => v === "true");

const oidc = (prefix: "SLACK" | "MSTEAMS") => ({
  [`${prefix}_OIDC_ISSUER`]: z.string().default(""),
  [`${prefix}_OIDC_AUTHORIZE_URL`]: z.string().default(""),
  [`${prefix}_OIDC_TOKEN_URL`]: z.string().default(""),
  [`${prefix}_OIDC_JWKS_URL`]: z.string().default(""),
  [`${prefix}_CLIENT_ID`]: z.string().default(""),
  [`${prefix}_CLIENT_SECRET`]: z.string().default(""),
});

const ConfigSchema = z
  .object({
    APP_URL: z.string().default("http://127.0.0.1:8787"),
    DEV_SIGN_IN: bool,
    SESSION_SECRET: z.string().optional(),
    DEMO_TEAM_IDS: csv,
    NOTIFY_ADAPTER: z.enum(["outbox", "chat"]).default("outbox"),
    FRAME_ANCESTORS: z.string().default(""),
    ...oidc("SLACK"),
    ...oidc("MSTEAMS"),
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
      oidc: { slack: provider("SLACK"), msteams: provider("MSTEAMS") },
    };
  });

export type Config = z.output<typeof ConfigSchema>;
export type OidcProviderConfig = Config["oidc"]["slack"];

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
