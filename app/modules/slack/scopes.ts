/** The bot scopes the app asks for at install (chat-apps/slack/manifest.json lists the same). */
export const SLACK_BOT_SCOPES = ["chat:write", "im:write", "im:history", "users:read", "users:read.email"] as const;
