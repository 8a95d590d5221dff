import type { DeliveryOutcome } from "../adapter-kit.server";

/** One e-mail, ready for a provider. */
export interface EmailMessage {
  to: string;
  from: string;
  subject: string;
  html: string;
  text: string;
  /** The outbox row's id: a provider that dedupes by it sends one e-mail however often it is asked. */
  idempotencyKey: string;
}

/** A transactional e-mail service; answers in the chat adapters' terms (failures.ts codes, retryable or not). */
export interface EmailProvider {
  readonly name: string;
  send(message: EmailMessage): Promise<DeliveryOutcome>;
}
