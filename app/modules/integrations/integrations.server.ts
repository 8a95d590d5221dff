import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq } from "drizzle-orm";
import { integrations, integrationSyncRuns } from "~/db/schema";
import { auditEvent } from "~/lib/audit.server";
import type { Viewer } from "~/modules/auth/session.server";
import { encryptApiKey } from "./crypto.server";
import type { IntegrationType } from "./integrations.schema";

/** The company's integrations with their latest sync run; the API key is never read here. */
export async function listIntegrations(context: AppLoadContext, companyId: string) {
  const [rows, runs] = await Promise.all([
    context.db
      .select({
        id: integrations.id,
        type: integrations.type,
        domain: integrations.domain,
        createdAt: integrations.createdAt,
        lastSyncedAt: integrations.lastSyncedAt,
      })
      .from(integrations)
      .where(eq(integrations.companyId, companyId))
      .orderBy(integrations.createdAt),
    context.db
      .select({
        integrationId: integrationSyncRuns.integrationId,
        status: integrationSyncRuns.status,
        created: integrationSyncRuns.created,
        updated: integrationSyncRuns.updated,
        deactivated: integrationSyncRuns.deactivated,
        error: integrationSyncRuns.error,
        createdAt: integrationSyncRuns.createdAt,
      })
      .from(integrationSyncRuns)
      .where(eq(integrationSyncRuns.companyId, companyId))
      .orderBy(desc(integrationSyncRuns.createdAt))
      .limit(200),
  ]);
  return rows.map((row) => ({ ...row, lastRun: runs.find((r) => r.integrationId === row.id) ?? null }));
}

export async function createIntegration(
  context: AppLoadContext,
  viewer: Viewer,
  input: { type: IntegrationType; domain: string; apiKey: string },
) {
  const id = crypto.randomUUID();
  const companyId = viewer.company.id;
  const sealed = await encryptApiKey(context.config.integrationKeys, { companyId, integrationId: id }, input.apiKey);
  await context.db.batch([
    context.db.insert(integrations).values({
      id,
      companyId,
      type: input.type,
      domain: input.domain,
      apiKeyCiphertext: sealed.ciphertext,
      apiKeyIv: sealed.iv,
      createdBy: viewer.user.id,
      createdAt: new Date(),
    }),
    auditEvent(context.db, {
      companyId,
      actorId: viewer.user.id,
      action: "integration.created",
      entityType: "integration",
      entityId: id,
      data: { type: input.type, domain: input.domain },
      requestId: context.requestId,
    }),
  ]);
  return id;
}

/** Queues a sync of one of the viewer's company's integrations; null when it is not theirs. */
export async function requestSync(context: AppLoadContext, viewer: Viewer, integrationId: string) {
  const companyId = viewer.company.id;
  const [integration] = await context.db
    .select({ id: integrations.id })
    .from(integrations)
    .where(and(eq(integrations.companyId, companyId), eq(integrations.id, integrationId)))
    .limit(1);
  if (!integration) return null;
  const syncRunId = crypto.randomUUID();
  await context.db.batch([
    context.db.insert(integrationSyncRuns).values({
      id: syncRunId,
      companyId,
      integrationId,
      requestedBy: viewer.user.id,
      status: "queued",
      createdAt: new Date(),
    }),
    auditEvent(context.db, {
      companyId,
      actorId: viewer.user.id,
      action: "integration.sync_requested",
      entityType: "integration",
      entityId: integrationId,
      data: { syncRunId },
      requestId: context.requestId,
    }),
  ]);
  try {
    await context.cloudflare.env.JOBS.send({
      type: "hris.sync",
      integrationId,
      companyId,
      syncRunId,
      requestedBy: { companyId, userId: viewer.user.id },
    });
  } catch (error) {
    await context.db
      .update(integrationSyncRuns)
      .set({ status: "failed", error: "The sync could not be queued.", finishedAt: new Date() })
      .where(and(eq(integrationSyncRuns.companyId, companyId), eq(integrationSyncRuns.id, syncRunId)));
    throw error;
  }
  return syncRunId;
}
