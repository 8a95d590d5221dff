import { and, eq, inArray, isNotNull, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { companies, msteamsConversations, msteamsInstallations, users } from "~/db/schema";

/** The company whose Microsoft tenant this is (Teams-type companies only). */
export async function companyForTenant(db: Db, tenantId: string) {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.platform, "msteams"), eq(companies.externalId, tenantId)))
    .limit(1);
  return row ?? null;
}

/**
 * The person a Teams account is in that company: the app knows people by their Microsoft object
 * id (sign-in's oid) or, for people linked from Teams itself, their Teams id ("29:…").
 */
export async function personForTeamsAccount(db: Db, companyId: string, ids: { aadObjectId: string | null; teamsId: string }) {
  const candidates = [ids.teamsId, ...(ids.aadObjectId ? [ids.aadObjectId] : [])];
  const [row] = await db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.msteamsUserId, candidates), eq(users.isDeleted, false)))
    .limit(1);
  return row ?? null;
}

export interface ConversationReference {
  companyId: string;
  userId: string;
  msteamsUserId: string;
  aadObjectId: string | null;
  conversationId: string;
  serviceUrl: string;
  tenantId: string;
  botId: string;
}

/** Stores (or refreshes) the person's 1:1 conversation with the bot and the tenant's installation, in one batch. */
export async function saveInstallation(db: Db, reference: ConversationReference, now: Date) {
  await db.batch([
    db
      .insert(msteamsConversations)
      .values({ ...reference, createdAt: now })
      .onConflictDoUpdate({
        target: [msteamsConversations.companyId, msteamsConversations.userId],
        set: {
          msteamsUserId: reference.msteamsUserId,
          aadObjectId: reference.aadObjectId,
          conversationId: reference.conversationId,
          serviceUrl: reference.serviceUrl,
          tenantId: reference.tenantId,
          botId: reference.botId,
          updatedAt: now,
        },
      }),
    db
      .insert(msteamsInstallations)
      .values({ companyId: reference.companyId, tenantId: reference.tenantId, serviceUrl: reference.serviceUrl, installedAt: now })
      .onConflictDoUpdate({
        target: msteamsInstallations.tenantId,
        set: { serviceUrl: reference.serviceUrl, updatedAt: now, disabledAt: null },
      }),
  ]);
}

/** The person removed the app: their conversation is gone, and the tenant's installation is marked. */
export async function recordRemoval(db: Db, input: { companyId: string; userId: string; tenantId: string; now: Date }) {
  await db.batch([
    db
      .delete(msteamsConversations)
      .where(and(eq(msteamsConversations.companyId, input.companyId), eq(msteamsConversations.userId, input.userId))),
    db
      .update(msteamsInstallations)
      .set({ disabledAt: input.now, updatedAt: input.now })
      .where(and(eq(msteamsInstallations.tenantId, input.tenantId), eq(msteamsInstallations.companyId, input.companyId))),
  ]);
}

/**
 * Where a message to this person goes: their stored conversation, and the tenant's installation
 * (its serviceUrl, and whether it is marked disabled), read in one round trip.
 */
export async function deliveryTarget(db: Db, tenantId: string, msteamsUserId: string) {
  const [conversations, installations] = await db.batch([
    db
      .select({ conversationId: msteamsConversations.conversationId, serviceUrl: msteamsConversations.serviceUrl })
      .from(msteamsConversations)
      .where(
        and(
          eq(msteamsConversations.tenantId, tenantId),
          or(eq(msteamsConversations.aadObjectId, msteamsUserId), eq(msteamsConversations.msteamsUserId, msteamsUserId)),
        ),
      )
      .limit(1),
    db
      .select({ serviceUrl: msteamsInstallations.serviceUrl, disabledAt: msteamsInstallations.disabledAt })
      .from(msteamsInstallations)
      .where(eq(msteamsInstallations.tenantId, tenantId))
      .limit(1),
  ]);
  return { conversation: conversations[0] ?? null, installation: installations[0] ?? null };
}

/** BotDisabledByAdmin: the tenant's installation is marked until a message gets through again. */
export async function markInstallationDisabled(db: Db, tenantId: string, now: Date) {
  await db.update(msteamsInstallations).set({ disabledAt: now, updatedAt: now }).where(eq(msteamsInstallations.tenantId, tenantId));
}

export async function clearInstallationDisabled(db: Db, tenantId: string, now: Date) {
  await db
    .update(msteamsInstallations)
    .set({ disabledAt: null, updatedAt: now })
    .where(and(eq(msteamsInstallations.tenantId, tenantId), isNotNull(msteamsInstallations.disabledAt)));
}
