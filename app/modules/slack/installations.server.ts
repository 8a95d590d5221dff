import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { companies, slackInstallations, users, workspaces } from "~/db/schema";
import type { IntegrationKeyRing } from "~/lib/config.server";
import { decryptApiKey, encryptApiKey } from "~/modules/integrations/crypto.server";

/**
 * The Slack app's installations, one per workspace (team). The bot token is sealed with the
 * integration key ring, the company and installation ids as authenticated data, so a token copied
 * to another row or company does not open.
 */

/** The company a Slack team belongs to: the company's own team id, or one of its workspaces. */
export async function companyOfTeam(db: Db, teamId: string): Promise<string | null> {
  if (!teamId) return null;
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .leftJoin(workspaces, eq(workspaces.companyId, companies.id))
    .where(and(eq(companies.platform, "slack"), or(eq(companies.externalId, teamId), eq(workspaces.slackTeamId, teamId))))
    .limit(1);
  return row?.id ?? null;
}

export interface GrantedInstallation {
  teamId: string;
  teamName: string;
  enterpriseId: string | null;
  appId: string;
  botUserId: string;
  botToken: string;
  scopes: string;
  installedBySlackUserId: string | null;
}

export type SaveInstallationResult = { ok: true; installationId: string } | { ok: false; reason: "team-of-another-company" };

/**
 * Stores (or renews) the installation of a team for a company. A team that is not the company's
 * own (its team id or one of its workspaces), or that is installed for another company, is
 * refused and nothing is written.
 */
export async function saveInstallation(db: Db, ring: IntegrationKeyRing, companyId: string, grant: GrantedInstallation): Promise<SaveInstallationResult> {
  if ((await companyOfTeam(db, grant.teamId)) !== companyId) return { ok: false, reason: "team-of-another-company" };
  const [existing] = await db
    .select({ id: slackInstallations.id, companyId: slackInstallations.companyId })
    .from(slackInstallations)
    .where(eq(slackInstallations.teamId, grant.teamId))
    .limit(1);
  if (existing && existing.companyId !== companyId) return { ok: false, reason: "team-of-another-company" };
  const installationId = existing?.id ?? crypto.randomUUID();
  const sealed = await encryptApiKey(ring, { companyId, integrationId: installationId }, grant.botToken);
  const values = {
    teamName: grant.teamName,
    enterpriseId: grant.enterpriseId,
    appId: grant.appId,
    botUserId: grant.botUserId,
    botToken: sealed.ciphertext,
    botTokenIv: sealed.iv,
    scopes: grant.scopes,
    installedBySlackUserId: grant.installedBySlackUserId,
    updatedAt: new Date(),
    revokedAt: null,
  };
  if (existing) {
    await db.update(slackInstallations).set(values).where(and(eq(slackInstallations.id, installationId), eq(slackInstallations.companyId, companyId)));
  } else {
    // A racing install of the same team (unique team id) keeps the first row; the token is the same grant's.
    await db.insert(slackInstallations).values({ id: installationId, companyId, teamId: grant.teamId, ...values }).onConflictDoNothing();
  }
  return { ok: true, installationId };
}

export interface ActiveInstallation {
  id: string;
  companyId: string;
  teamId: string;
  botUserId: string;
  botToken: string;
}

type InstallationRow = typeof slackInstallations.$inferSelect;

async function opened(ring: IntegrationKeyRing, row: InstallationRow): Promise<ActiveInstallation | null> {
  const plain = await decryptApiKey(ring, { companyId: row.companyId, integrationId: row.id }, { ciphertext: row.botToken, iv: row.botTokenIv });
  return plain ? { id: row.id, companyId: row.companyId, teamId: row.teamId, botUserId: row.botUserId, botToken: plain.apiKey } : null;
}

/** The team's installation with its token opened; null when none, revoked, or the token cannot be read. */
export async function activeInstallation(db: Db, ring: IntegrationKeyRing, teamId: string): Promise<ActiveInstallation | null> {
  const [row] = await db
    .select()
    .from(slackInstallations)
    .where(and(eq(slackInstallations.teamId, teamId), isNull(slackInstallations.revokedAt)))
    .limit(1);
  return row ? opened(ring, row) : null;
}

/**
 * The bot token for a message to someone of the Slack-type company whose team id is `companyTeamId`:
 * the installation of the company's own team first, else its most recently installed one.
 */
export async function botTokenForCompanyTeam(db: Db, ring: IntegrationKeyRing, companyTeamId: string): Promise<string | null> {
  const rows = await db
    .select({ row: slackInstallations })
    .from(slackInstallations)
    .innerJoin(companies, eq(companies.id, slackInstallations.companyId))
    .where(and(eq(companies.platform, "slack"), eq(companies.externalId, companyTeamId), isNull(slackInstallations.revokedAt)))
    .orderBy(sql`${slackInstallations.teamId} = ${companyTeamId} DESC`, desc(slackInstallations.installedAt))
    .limit(1);
  const found = rows[0] ? await opened(ring, rows[0].row) : null;
  return found?.botToken ?? null;
}

/** Slack said the app was uninstalled or its tokens revoked: the installation stops being used. */
export async function revokeInstallation(db: Db, teamId: string, at = new Date()) {
  await db.update(slackInstallations).set({ revokedAt: at, updatedAt: at }).where(and(eq(slackInstallations.teamId, teamId), isNull(slackInstallations.revokedAt)));
}

export interface InstallationSummary {
  id: string;
  teamId: string;
  teamName: string;
  installedAt: Date;
  revokedAt: Date | null;
}

export function listInstallations(db: Db, companyId: string): Promise<InstallationSummary[]> {
  return db
    .select({
      id: slackInstallations.id,
      teamId: slackInstallations.teamId,
      teamName: slackInstallations.teamName,
      installedAt: slackInstallations.installedAt,
      revokedAt: slackInstallations.revokedAt,
    })
    .from(slackInstallations)
    .where(eq(slackInstallations.companyId, companyId))
    .orderBy(slackInstallations.teamName);
}

/**
 * The person a Slack user id is, in the company that owns the team the request came from (the
 * verified request's team). Someone of another company, deleted or unknown: null.
 */
export async function slackPerson(db: Db, teamId: string, slackUserId: string): Promise<{ companyId: string; userId: string } | null> {
  if (!teamId || !slackUserId) return null;
  // One statement (an interactivity answer has little time): the team's company and the person in it.
  const [row] = await db
    .select({ companyId: users.companyId, userId: users.id })
    .from(users)
    .where(
      and(
        eq(users.slackUserId, slackUserId),
        eq(users.isDeleted, false),
        sql`${users.companyId} = (SELECT c.id FROM companies c LEFT JOIN workspaces w ON w.company_id = c.id
          WHERE c.platform = 'slack' AND (c.external_id = ${teamId} OR w.slack_team_id = ${teamId}) LIMIT 1)`,
      ),
    )
    .limit(1);
  return row ?? null;
}
