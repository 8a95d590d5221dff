import type { Db } from "~/db/client.server";
import type { ChatDeliveryConfig, Config } from "~/lib/config.server";
import type { DeliveryAdapter, Fetcher } from "./adapter-kit.server";
import { slackAdapter } from "./slack-adapter.server";
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
 * No e-mail provider is wired yet, so e-mail rows stay in the outbox as in the embedded default.
 */
export function chatAdapter(config: ChatDeliveryConfig, fetcher: Fetcher, teams?: TeamsBotDeps): DeliveryAdapter {
  const slack = slackAdapter(config.slack, fetcher);
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

/** The adapter NOTIFY_ADAPTER names. `fetcher` is injectable for tests; the default is the runtime's fetch. */
export function createDeliveryAdapter(config: Config, fetcher: Fetcher = (input, init) => fetch(input, init), db?: Db): DeliveryAdapter {
  const teams = db ? { bot: config.msteamsBot, db, appUrl: config.appUrl } : undefined;
  return config.notifyAdapter === "chat" ? chatAdapter(config.chat, fetcher, teams) : outboxAdapter;
}
