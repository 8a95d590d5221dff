import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

/** Server-side sessions; the cookie carries only the signed id, so sign-out and 401 revoke it. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    companyId: text("company_id").notNull(),
    /** Team id of the framing host (Teams/Slack tab), used by the demo-view permission. */
    frameTeamId: text("frame_team_id"),
    /** Slack-type: the primary workspace chosen at sign-in (002 §2.3 Select Primary Workspace). */
    workspaceId: text("workspace_id"),
    /** Super admins' USER/ADMIN view (002 §4), default USER. */
    view: text("view", { enum: ["USER", "ADMIN"] }).notNull().default("USER"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    /** Last time the session was used (refreshed at most every few minutes); drives the idle timeout. */
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user").on(t.userId), index("sessions_expires").on(t.expiresAt)],
);

/**
 * A verified sign-in waiting to be completed: the provider callback writes it and redirects to
 * /{platform}/complete-authorization?authorization={id}, which consumes it once (002 §2.3, §7).
 */
export const authorizations = sqliteTable("authorizations", {
  id: text("id").primaryKey(),
  platform: text("platform", { enum: ["slack", "msteams"] }).notNull(),
  subject: text("subject").notNull(),
  email: text("email"),
  name: text("name"),
  /** Slack team id or Microsoft tenant id from the ID token. */
  teamId: text("team_id"),
  /** Whether the provider said the e-mail is verified; only a verified e-mail may link a person not yet linked. */
  emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
  /** SHA-256 of the sign-in cookie of the browser that started the flow; completion needs the same cookie. */
  browserKey: text("browser_key"),
  /** The framed tab: the host team (from a verified source) and the same-origin page to open after sign-in. */
  frameTeamId: text("frame_team_id"),
  redirectTo: text("redirect_to"),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  consumedAt: integer("consumed_at", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
});

/**
 * Tokens that may be used once (the framed tab's ID token, by its jti or digest), remembered
 * until they expire so a replay is refused.
 */
export const usedTokens = sqliteTable(
  "used_tokens",
  {
    id: text("id").primaryKey(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("used_tokens_expires").on(t.expiresAt)],
);
