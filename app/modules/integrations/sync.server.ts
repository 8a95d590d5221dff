import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import { departments, integrations, integrationSyncRuns, userManagers, users } from "~/db/schema";
import { auditEvent } from "~/lib/audit.server";
import type { Config } from "~/lib/config.server";
import { prepareNotify } from "~/modules/notifications/notify.server";
import { decryptApiKey, encryptApiKey, type SealedApiKey } from "./crypto.server";
import { INTEGRATION_LABELS } from "./integrations.schema";
import { fetchBamboohrEmployees } from "./providers/bamboohr.server";
import { fetchHibobEmployees } from "./providers/hibob.server";
import { HrisRefusal, type HrisEmployee } from "./providers/types";

export interface HrisSyncJob {
  integrationId: string;
  companyId: string;
  syncRunId: string;
  requestedBy?: { companyId: string; userId: string };
}

// D1 binds at most 100 parameters per statement: rows per multi-row insert by bound columns.
const USER_ROWS = 7; // 13 bound values a row (the flags' defaults are bound too)
const LINK_ROWS = 24; // 4 a row
const DEPARTMENT_ROWS = 24; // 4 a row
const IDS_PER_UPDATE = 90;

const chunks = <T>(items: T[], size: number) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

export interface SyncCounts {
  created: number;
  updated: number;
  deactivated: number;
}

/**
 * What a sync changes, as writes not yet run, from the HR system's list and the company's people:
 * people matched by HRIS id, else by e-mail (case-insensitive); missing ones created (source
 * "hris"); name, title and department updated (departments created by name); the HRIS manager
 * link added (other links are kept); people from the HR system no longer listed deactivated.
 * Nothing is ever deleted.
 */
export async function planSync(db: Db, companyId: string, employees: HrisEmployee[]) {
  const [people, depts, links] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        title: users.title,
        departmentId: users.departmentId,
        hrisId: users.hrisId,
        source: users.source,
        isDeleted: users.isDeleted,
      })
      .from(users)
      .where(eq(users.companyId, companyId)),
    db.select({ id: departments.id, name: departments.name }).from(departments).where(eq(departments.companyId, companyId)),
    db.select({ userId: userManagers.userId, managerId: userManagers.managerId }).from(userManagers).where(eq(userManagers.companyId, companyId)),
  ]);

  const byHrisId = new Map<string, (typeof people)[number]>();
  const byEmail = new Map<string, (typeof people)[number]>();
  for (const p of people) {
    if (p.hrisId) byHrisId.set(p.hrisId, p);
    const key = p.email.toLowerCase();
    // A live account wins over a deactivated one with the same e-mail.
    if (!byEmail.has(key) || (byEmail.get(key)!.isDeleted && !p.isDeleted)) byEmail.set(key, p);
  }
  const deptByName = new Map(depts.map((d) => [d.name.toLowerCase(), d.id]));
  const newDepartments: Array<{ id: string; companyId: string; name: string }> = [];
  const departmentId = (name: string | null) => {
    if (!name) return null;
    let id = deptByName.get(name.toLowerCase());
    if (!id) {
      id = crypto.randomUUID();
      deptByName.set(name.toLowerCase(), id);
      newDepartments.push({ id, companyId, name });
    }
    return id;
  };

  const now = new Date();
  const seenHris = new Set<string>();
  const matchedIds = new Set<string>();
  const userIdByHris = new Map<string, string>();
  const inserts: Array<typeof users.$inferInsert> = [];
  const updates: Array<{ id: string; set: Partial<typeof users.$inferInsert> }> = [];

  for (const e of employees) {
    if (seenHris.has(e.hrisId)) continue;
    seenHris.add(e.hrisId);
    const email = e.email?.toLowerCase() ?? null;
    let person = byHrisId.get(e.hrisId);
    if (!person && email) {
      const candidate = byEmail.get(email);
      if (candidate && (!candidate.hrisId || candidate.hrisId === e.hrisId) && !matchedIds.has(candidate.id)) person = candidate;
    }
    const deptId = departmentId(e.department);
    if (person) {
      matchedIds.add(person.id);
      userIdByHris.set(e.hrisId, person.id);
      const set: Partial<typeof users.$inferInsert> = {};
      if (person.hrisId !== e.hrisId) set.hrisId = e.hrisId;
      if (person.name !== e.name) set.name = e.name;
      if ((person.title ?? null) !== e.title) set.title = e.title;
      if ((person.departmentId ?? null) !== deptId) set.departmentId = deptId;
      if (person.isDeleted && person.source === "hris") set.isDeleted = false;
      if (Object.keys(set).length > 0) updates.push({ id: person.id, set });
    } else if (email) {
      const id = crypto.randomUUID();
      userIdByHris.set(e.hrisId, id);
      inserts.push({ id, companyId, name: e.name, email, title: e.title, departmentId: deptId, hrisId: e.hrisId, source: "hris", createdAt: now });
    }
    // Someone without an e-mail and no match cannot sign in or be told anything: not created.
  }

  const existingLinks = new Set(links.map((l) => `${l.userId}:${l.managerId}`));
  const newLinks: Array<{ companyId: string; userId: string; managerId: string; createdAt: Date }> = [];
  for (const e of employees) {
    if (!e.managerHrisId) continue;
    const userId = userIdByHris.get(e.hrisId);
    const managerId = userIdByHris.get(e.managerHrisId);
    if (!userId || !managerId || userId === managerId) continue;
    const key = `${userId}:${managerId}`;
    if (existingLinks.has(key)) continue;
    existingLinks.add(key);
    newLinks.push({ companyId, userId, managerId, createdAt: now });
  }

  const vanished = people.filter((p) => p.source === "hris" && !p.isDeleted && !matchedIds.has(p.id)).map((p) => p.id);

  const writes: BatchItem<"sqlite">[] = [
    ...chunks(newDepartments, DEPARTMENT_ROWS).map((rows) => db.insert(departments).values(rows.map((r) => ({ ...r, createdAt: now })))),
    ...chunks(inserts, USER_ROWS).map((rows) => db.insert(users).values(rows)),
    ...updates.map((u) => db.update(users).set(u.set).where(and(eq(users.companyId, companyId), eq(users.id, u.id)))),
    ...chunks(newLinks, LINK_ROWS).map((rows) => db.insert(userManagers).values(rows).onConflictDoNothing()),
    ...chunks(vanished, IDS_PER_UPDATE).map((ids) =>
      db.update(users).set({ isDeleted: true }).where(and(eq(users.companyId, companyId), inArray(users.id, ids))),
    ),
  ];
  const counts: SyncCounts = { created: inserts.length, updated: updates.length, deactivated: vanished.length };
  return { writes, counts, departmentsCreated: newDepartments.length, managerLinksAdded: newLinks.length };
}

async function finish(
  db: Db,
  job: HrisSyncJob,
  outcome: { status: "succeeded"; counts: SyncCounts } | { status: "failed"; error: string },
  label: string,
): Promise<BatchItem<"sqlite">[]> {
  const finishedAt = new Date();
  const runUpdate = db
    .update(integrationSyncRuns)
    .set(
      outcome.status === "succeeded"
        ? { status: "succeeded", ...outcome.counts, error: null, finishedAt }
        : { status: "failed", error: outcome.error, finishedAt },
    )
    .where(and(eq(integrationSyncRuns.companyId, job.companyId), eq(integrationSyncRuns.id, job.syncRunId)));
  const writes: BatchItem<"sqlite">[] = [
    runUpdate,
    auditEvent(db, {
      companyId: job.companyId,
      actorId: null,
      action: outcome.status === "succeeded" ? "integration.synced" : "integration.sync_failed",
      entityType: "integration",
      entityId: job.integrationId,
      data: outcome.status === "succeeded" ? { syncRunId: job.syncRunId, ...outcome.counts } : { syncRunId: job.syncRunId, error: outcome.error },
    }),
  ];
  if (outcome.status === "succeeded") {
    writes.push(db.update(integrations).set({ lastSyncedAt: finishedAt }).where(and(eq(integrations.companyId, job.companyId), eq(integrations.id, job.integrationId))));
  }
  if (job.requestedBy && job.requestedBy.companyId === job.companyId) {
    const body =
      outcome.status === "succeeded"
        ? `Created ${outcome.counts.created} · updated ${outcome.counts.updated} · deactivated ${outcome.counts.deactivated}.`
        : outcome.error;
    writes.push(
      ...(await prepareNotify(db, {
        companyId: job.companyId,
        recipientUserIds: [job.requestedBy.userId],
        kind: "system",
        subject: outcome.status === "succeeded" ? `${label} sync finished` : `${label} sync failed`,
        body,
        link: "/integrations",
        dedupeKey: `hris-sync:${job.syncRunId}`,
      })),
    );
  }
  return writes;
}

/** A run the queue may still work on; a finished one (a redelivered message) is left alone. */
async function openRun(db: Db, job: HrisSyncJob) {
  const [run] = await db
    .select({ status: integrationSyncRuns.status, integrationId: integrationSyncRuns.integrationId })
    .from(integrationSyncRuns)
    .where(and(eq(integrationSyncRuns.companyId, job.companyId), eq(integrationSyncRuns.id, job.syncRunId)))
    .limit(1);
  if (!run || run.integrationId !== job.integrationId) return null;
  return run.status === "queued" || run.status === "running" ? run : null;
}

/**
 * The "hris.sync" job: reads the HR system and returns the writes that apply it and record the
 * run. A refusal (bad key, malformed answer) is a failed run, not an error; a rate limit or an
 * unreachable HR system throws HrisRetryLater for the queue to retry.
 */
export async function runHrisSync(db: Db, config: Config, job: HrisSyncJob): Promise<BatchItem<"sqlite">[]> {
  if (!(await openRun(db, job))) return [];
  const [integration] = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.companyId, job.companyId), eq(integrations.id, job.integrationId)))
    .limit(1);
  if (!integration) return finish(db, job, { status: "failed", error: "The integration no longer exists." }, "HR");
  const label = INTEGRATION_LABELS[integration.type];
  await db.update(integrationSyncRuns).set({ status: "running" }).where(and(eq(integrationSyncRuns.companyId, job.companyId), eq(integrationSyncRuns.id, job.syncRunId)));

  const ids = { companyId: integration.companyId, integrationId: integration.id };
  const opened = await decryptApiKey(config.integrationKeys, ids, { ciphertext: integration.apiKeyCiphertext, iv: integration.apiKeyIv });
  if (opened === null) {
    return finish(db, job, { status: "failed", error: "The saved API key can no longer be read; add the integration again with its key." }, label);
  }
  const apiKey = opened.apiKey;
  // Sealed under a key that has since been rotated out of first place: re-seal it under the
  // current one with this run's writes, so the old key can be retired.
  const resealed: BatchItem<"sqlite">[] = opened.current ? [] : [resealApiKey(db, ids, await encryptApiKey(config.integrationKeys, ids, apiKey))];
  let employees: HrisEmployee[];
  try {
    employees =
      integration.type === "bamboohr"
        ? await fetchBamboohrEmployees(config.hris.bamboohrBaseUrl, integration.domain, apiKey)
        : await fetchHibobEmployees(config.hris.hibobBaseUrl, apiKey);
  } catch (error) {
    if (error instanceof HrisRefusal) return finish(db, job, { status: "failed", error: error.message }, label);
    throw error;
  }
  const plan = await planSync(db, job.companyId, employees);
  return [...resealed, ...plan.writes, ...(await finish(db, job, { status: "succeeded", counts: plan.counts }, label))];
}

/** Not awaited here: the update runs in the sync's batch. */
function resealApiKey(db: Db, ids: { companyId: string; integrationId: string }, sealed: SealedApiKey) {
  return db
    .update(integrations)
    .set({ apiKeyCiphertext: sealed.ciphertext, apiKeyIv: sealed.iv })
    .where(and(eq(integrations.companyId, ids.companyId), eq(integrations.id, ids.integrationId)));
}

/** From the dead-letter queue: the run failed for good (the requester is told by the queue). */
export async function failHrisSync(db: Db, job: HrisSyncJob) {
  if (!(await openRun(db, job))) return null;
  const error = "The HR system could not be read after several attempts.";
  const writes: BatchItem<"sqlite">[] = [
    db
      .update(integrationSyncRuns)
      .set({ status: "failed", error, finishedAt: new Date() })
      .where(and(eq(integrationSyncRuns.companyId, job.companyId), eq(integrationSyncRuns.id, job.syncRunId))),
  ];
  return { writes, error };
}
