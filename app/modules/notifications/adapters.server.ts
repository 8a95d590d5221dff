import type { Db } from "~/db/client.server";
import type { ChatDeliveryConfig, Config } from "~/lib/config.server";
import type { DeliveryAdapter, Fetcher } from "./adapter-kit.server";
import { emailAdapter } from "./email/provider.server";
import { slackAdapter, slackInstallationTokens, type SlackTokenSource } from "./slack-adapter.server";
import { teamsAdapter, type TeamsBotDeps } from "./teams-adapter.server";

export * from "./adapter-kit.server";
export * from "./slack-adapter.server";
export * from "./teams-adapter.server";

/**
 * Embedded default: the message lives in the outbox (and the /dev/inbox page), so delivering it
 * is only marking it sent. A demo sees every message without any chat tool.
 */
export const outboxAdapter: DeliveryAdapter = {
  name: "outbox",
  async deliver() {
    return { ok: true };
  },
};

/**
 * "chat" sends Slack rows through the Slack Web API and Teams rows through the Bot Framework.
 * E-mail rows are not chat: createDeliveryAdapter hands them to the e-mail provider; given one
 * here, it stays in the outbox.
 */
export function chatAdapter(config: ChatDeliveryConfig, fetcher: Fetcher, teams?: TeamsBotDeps, slackTokens?: SlackTokenSource): DeliveryAdapter {
  const slack = slackAdapter(config.slack, fetcher, slackTokens);
  const msteams = teamsAdapter(config.msteams, fetcher, teams);
  return {
    name: "chat",
    deliver(message) {
      if (message.channel === "slack") return slack.deliver(message);
      if (message.channel === "msteams") return msteams.deliver(message);
      return outboxAdapter.deliver(message);
    },
  };
}

/**
 * Chat rows go through the adapter NOTIFY_ADAPTER names; e-mail rows through the provider
 * EMAIL_PROVIDER names, whatever NOTIFY_ADAPTER says (a report e-mail is an e-mail even where chat
 * messages stay in the outbox). `fetcher` is injectable for tests; the default is the runtime's fetch.
 */
export function createDeliveryAdapter(config: Config, fetcher: Fetcher = (input, init) => fetch(input, init), db?: Db): DeliveryAdapter {
  const teams = db ? { bot: config.msteamsBot, db, appUrl: config.appUrl } : undefined;
  const slackTokens = db ? slackInstallationTokens(db, config.integrationKeys) : undefined;
  const chat = config.notifyAdapter === "chat" ? chatAdapter(config.chat, fetcher, teams, slackTokens) : outboxAdapter;
  const email = emailAdapter(config, fetcher);
  return {
    name: `${chat.name}+${email.name}`,
    deliver(message) {
      return message.channel === "email" ? email.deliver(message) : chat.deliver(message);
    },
  };
}
