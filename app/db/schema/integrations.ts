import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { companyId, createdAt, id } from "./columns";

/** An HR system the company's people, departments and managers are synced from (002 §2.8). */
export const integrations = sqliteTable(
  "integrations",
  {
    id: id(),
    companyId: companyId(),
    type: text("type", { enum: ["bamboohr", "hiBob"] }).notNull(),
    domain: text("domain").notNull(),
    /** AES-GCM ciphertext of the API key (base64), never shown again once saved. */
    apiKeyCiphertext: text("api_key_ciphertext").notNull(),
    apiKeyIv: text("api_key_iv").notNull(),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    lastSyncedAt: integer("last_synced_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("integrations_company").on(t.companyId)],
);

/** One queued sync of an integration and what it did; a sync never deletes data. */
export const integrationSyncRuns = sqliteTable(
  "integration_sync_runs",
  {
    id: id(),
    companyId: companyId(),
    integrationId: text("integration_id").notNull(),
    requestedBy: text("requested_by"),
    status: text("status", { enum: ["queued", "running", "succeeded", "failed"] }).notNull().default("queued"),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    deactivated: integer("deactivated").notNull().default(0),
    error: text("error"),
    createdAt: createdAt(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("integration_sync_runs_integration").on(t.companyId, t.integrationId, t.createdAt)],
);
