import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companyId, createdAt, id } from "./columns";

/**
 * The Slack app installed in one workspace (OAuth v2). The bot token is sealed with the
 * integration key ring (app/modules/integrations/crypto.server.ts), the company and row id as
 * authenticated data, so a token copied to another row does not open.
 */
export const slackInstallations = sqliteTable(
  "slack_installations",
  {
    id: id(),
    companyId: companyId(),
    teamId: text("team_id").notNull(),
    teamName: text("team_name").notNull(),
    enterpriseId: text("enterprise_id"),
    appId: text("app_id").notNull(),
    botUserId: text("bot_user_id").notNull(),
    /** "<key id>:<base64 ciphertext>" */
    botToken: text("bot_token").notNull(),
    botTokenIv: text("bot_token_iv").notNull(),
    scopes: text("scopes").notNull(),
    installedBySlackUserId: text("installed_by_slack_user_id"),
    installedAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
    /** Set when Slack tells us the app was uninstalled or its tokens revoked. */
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("slack_installations_team").on(t.teamId), index("slack_installations_company").on(t.companyId)],
);

/** The Teams app installed for a tenant: where its bot reaches the tenant (serviceUrl). */
export const msteamsInstallations = sqliteTable(
  "msteams_installations",
  {
    id: id(),
    companyId: companyId(),
    tenantId: text("tenant_id").notNull(),
    serviceUrl: text("service_url").notNull(),
    installedAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
    /** Set while the tenant's admin has disabled the bot (BotDisabledByAdmin) or it was removed. */
    disabledAt: integer("disabled_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("msteams_installations_tenant").on(t.tenantId), index("msteams_installations_company").on(t.companyId)],
);

/** A person's 1:1 conversation with the bot, stored when the app is installed for them. */
export const msteamsConversations = sqliteTable(
  "msteams_conversations",
  {
    companyId: companyId(),
    userId: text("user_id").notNull(),
    /** The person's Teams id in the conversation ("29:…"). */
    msteamsUserId: text("msteams_user_id").notNull(),
    aadObjectId: text("aad_object_id"),
    conversationId: text("conversation_id").notNull(),
    serviceUrl: text("service_url").notNull(),
    tenantId: text("tenant_id").notNull(),
    botId: text("bot_id").notNull(),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index("msteams_conversations_tenant").on(t.tenantId)],
);
