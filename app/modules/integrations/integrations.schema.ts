import { z } from "zod";

const REQUIRED = "This is a required field.";

export const INTEGRATION_TYPES = ["bamboohr", "hiBob"] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];
export const INTEGRATION_LABELS: Record<IntegrationType, string> = { bamboohr: "BambooHR", hiBob: "HiBob" };

const required = (max: number) => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `At most ${max} characters.`);

/** Create an integration (002 §2.8: type, domain and apiKey are required). */
export const CreateIntegrationSchema = z.object({
  intent: z.literal("create"),
  type: z.enum(INTEGRATION_TYPES, { error: REQUIRED }),
  // A BambooHR subdomain ("acme") or a HiBob company id / domain: letters, digits, dots, hyphens.
  domain: required(100).regex(/^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/, "Use letters, digits, dots and hyphens only."),
  apiKey: required(500),
});

export const SyncIntegrationSchema = z.object({
  intent: z.literal("sync"),
  integrationId: required(100),
});

export const IntegrationActionSchema = z.discriminatedUnion("intent", [CreateIntegrationSchema, SyncIntegrationSchema]);
