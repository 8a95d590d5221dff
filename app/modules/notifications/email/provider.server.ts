import type { Config } from "~/lib/config.server";
import { fail, type DeliveryAdapter, type Fetcher } from "../adapter-kit.server";
import { renderEmail } from "./render";
import { resendProvider } from "./resend.server";
import type { EmailProvider } from "./types";

export type { EmailMessage, EmailProvider } from "./types";

/**
 * Embedded default: the e-mail stays in the outbox (and the /dev/inbox page), so sending it is
 * only marking it sent.
 */
export const outboxEmailProvider: EmailProvider = {
  name: "outbox",
  async send() {
    return { ok: true };
  },
};

/** The provider EMAIL_PROVIDER names. */
export function createEmailProvider(config: Config["email"], fetcher: Fetcher): EmailProvider {
  return config.provider === "resend" ? resendProvider(config, fetcher) : outboxEmailProvider;
}

/** E-mail rows: rendered per kind and handed to the configured provider, keyed by the outbox id. */
export function emailAdapter(config: Pick<Config, "email" | "appUrl">, fetcher: Fetcher): DeliveryAdapter {
  const provider = createEmailProvider(config.email, fetcher);
  return {
    name: `email:${provider.name}`,
    async deliver(message) {
      const to = message.recipient.email?.trim();
      if (!to) return fail("RecipientNotFound", "no e-mail address");
      const rendered = renderEmail(message, config.appUrl);
      return provider.send({ to, from: config.email.from, ...rendered, idempotencyKey: message.outboxId });
    },
  };
}
