import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, count, eq, like, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client.server";
import { customRelationships, departments, groups, reviewNominations, reviewPairs, reviewTemplates, users, workspaces } from "~/db/schema";
import type { Viewer } from "~/modules/auth/session.server";
import type { Pair } from "./campaign-commands";
import { launchableGroups } from "~/modules/access/groups.server";
import { hasManager } from "~/modules/access/people.server";
import { audienceMembers, autoSuggest, managerDownward, managerUpward, selfReview, type AudienceMember } from "./audience.server";
import type { NominationState } from "./campaign-machine";
import type { CampaignDetail } from "./campaigns.server";
import { AUDIENCE_PAGE_SIZE, parseDateTime, shareConfigOf, type DraftFields, type DraftForm } from "./launch.schema";

export type AudienceIntent = "auto" | "managerUpward" | "managerDownward" | "selfReview";

/** The draft settings a valid form describes; the channel is the company's workspace or group by platform. */
export function draftFieldsOf(form: DraftForm, platform: "slack" | "msteams"): DraftFields {
  return {
    title: form.title,
    workspaceId: platform === "slack" ? form.channel : null,
    groupId: platform === "msteams" ? form.channel : null,
    templateId: form.reviewTemplate || null,
    startAt: parseDateTime(form.startDate),
    endAt: parseDateTime(form.endDate),
    anonymous: form.anonymous,
    automaticClose: form.isAutomaticCloseOnEndDate,
    shareConfig: shareConfigOf(form),
    departmentFilter: form.audienceFilter === "departments" && form.departments.length > 0 ? form.departments : null,
  };
}

/** A Teams-type group admin (not a super admin) launches reviews for the groups they administer only. */
function adminGroups(viewer: Viewer) {
  return launchableGroups(viewer, groups.id);
}

/** The workspace (group) id must be one the viewer may use, and the questionnaire the company's; returns the field errors. */
export async function refusedReferences(db: Db, viewer: Viewer, fields: DraftFields): Promise<Record<string, string[]>> {
  const companyId = viewer.company.id;
  const channelId = fields.workspaceId ?? fields.groupId ?? "";
  const [channel, template] = await db.batch([
    fields.workspaceId
      ? db
          .select({ id: workspaces.id })
          .from(workspaces)
          .where(and(eq(workspaces.id, channelId), eq(workspaces.companyId, companyId)))
      : db
          .select({ id: groups.id })
          .from(groups)
          .where(and(eq(groups.id, channelId), eq(groups.companyId, companyId), adminGroups(viewer))),
    db
      .select({ id: reviewTemplates.id })
      .from(reviewTemplates)
      .where(and(eq(reviewTemplates.id, fields.templateId ?? ""), eq(reviewTemplates.companyId, companyId))),
  ]);
  const errors: Record<string, string[]> = {};
  if (channel.length === 0) errors.channel = ["Choose one of the company's options."];
  if (fields.templateId && template.length === 0) errors.reviewTemplate = ["Choose one of the company's questionnaires."];
  return errors;
}

/** The pairs an audience button suggests for the draft's workspace (group) and department filter (000 §4). */
export async function suggestedPairs(db: Db, companyId: string, fields: DraftFields, intent: AudienceIntent): Promise<Pair[]> {
  const channel = { workspaceId: fields.workspaceId, groupId: fields.groupId };
  const everyone = await audienceMembers(db, companyId, channel);
  const filter = fields.departmentFilter ? new Set(fields.departmentFilter) : null;
  const chosen = filter ? everyone.filter((m) => m.departmentId !== null && filter.has(m.departmentId)) : everyone;
  const inChannel = new Set(everyone.map((m) => m.id));
  switch (intent) {
    case "selfReview":
      return selfReview(chosen);
    case "managerDownward":
      return managerDownward(chosen, inChannel);
    case "managerUpward":
      return managerUpward(chosen, inChannel);
    case "auto":
      return autoSuggest(chosen, inChannel, new Map(everyone.map((m) => [m.id, m])));
  }
}

export interface LaunchPageData {
  channels: Array<{ id: string; name: string }>;
  templates: Array<{ id: string; title: string }>;
  departments: Array<{ id: string; name: string }>;
  relationships: Array<{ id: string; name: string }>;
  members: Array<Pick<AudienceMember, "id" | "name" | "email"> & { hasManager: boolean }>;
  pairs: { rows: Array<{ id: string; reviewee: string; reviewer: string }>; total: number; page: number };
  nominees: Array<{ id: string; name: string; email: string; hasManager: boolean }>;
  nominations: Array<{ revieweeId: string; name: string; email: string; state: NominationState }>;
}

/** Everything the Launch Review form lists besides the draft itself, in two D1 round trips. */
export async function launchPageData(
  context: AppLoadContext,
  viewer: Viewer,
  draft: CampaignDetail | null,
  options: { channelId: string | null; pairsPage: number; nomineeQuery: string }
): Promise<LaunchPageData> {
  const db = context.db;
  const companyId = viewer.company.id;
  const slack = viewer.company.platform === "slack";
  const campaignId = draft?.id ?? "";
  const reviewee = alias(users, "reviewee");
  const reviewer = alias(users, "reviewer");
  const inCampaign = and(eq(reviewPairs.companyId, companyId), eq(reviewPairs.campaignId, campaignId));
  const q = options.nomineeQuery.trim();
  const [channels, templates, departmentRows, relationships, pairRows, [pairTotal], nominations] = await db.batch([
    slack
      ? db
          .select({ id: workspaces.id, name: workspaces.name })
          .from(workspaces)
          .where(eq(workspaces.companyId, companyId))
          .orderBy(asc(workspaces.name))
      : db
          .select({ id: groups.id, name: groups.name })
          .from(groups)
          .where(and(eq(groups.companyId, companyId), adminGroups(viewer)))
          .orderBy(asc(groups.name)),
    db
      .select({ id: reviewTemplates.id, title: reviewTemplates.title })
      .from(reviewTemplates)
      .where(eq(reviewTemplates.companyId, companyId))
      .orderBy(asc(sql`${reviewTemplates.title} collate nocase`)),
    db
      .select({ id: departments.id, name: departments.name })
      .from(departments)
      .where(eq(departments.companyId, companyId))
      .orderBy(asc(departments.name)),
    db
      .select({ id: customRelationships.id, name: customRelationships.name })
      .from(customRelationships)
      .where(eq(customRelationships.companyId, companyId))
      .orderBy(asc(customRelationships.name)),
    db
      // Aliased columns: D1 merges same-named columns of a batch's joined tables ("name" twice).
      .select({
        id: reviewPairs.id,
        reviewee: sql<string>`${reviewee.name}`.as("reviewee_name"),
        reviewer: sql<string>`${reviewer.name}`.as("reviewer_name"),
      })
      .from(reviewPairs)
      .innerJoin(reviewee, and(eq(reviewee.id, reviewPairs.revieweeId), eq(reviewee.companyId, companyId)))
      .innerJoin(reviewer, and(eq(reviewer.id, reviewPairs.reviewerId), eq(reviewer.companyId, companyId)))
      .where(inCampaign)
      .orderBy(asc(sql`${reviewee.name} collate nocase`), asc(sql`${reviewer.name} collate nocase`), asc(reviewPairs.id))
      .limit(AUDIENCE_PAGE_SIZE)
      .offset((options.pairsPage - 1) * AUDIENCE_PAGE_SIZE),
    db.select({ n: count() }).from(reviewPairs).where(inCampaign),
    db
      .select({ revieweeId: reviewNominations.revieweeId, name: users.name, email: users.email, state: reviewNominations.state })
      .from(reviewNominations)
      .innerJoin(users, and(eq(users.id, reviewNominations.revieweeId), eq(users.companyId, companyId)))
      .where(
        and(
          eq(reviewNominations.companyId, companyId),
          eq(reviewNominations.campaignId, campaignId),
          q ? or(like(users.name, `%${q}%`), like(users.email, `%${q}%`)) : undefined
        )
      )
      .orderBy(asc(sql`${users.name} collate nocase`)),
  ]);
  const channelId = options.channelId;
  const known = channelId && channels.some((c) => c.id === channelId);
  const members = known
    ? await audienceMembers(db, companyId, { workspaceId: slack ? channelId : null, groupId: slack ? null : channelId })
    : [];
  const byId = new Map(members.map((m) => [m.id, m]));
  const nominees = (draft?.nominationAudience ?? [])
    .map((id) => byId.get(id))
    .filter((m): m is AudienceMember => Boolean(m))
    .filter((m) => !q || m.name.toLowerCase().includes(q.toLowerCase()) || m.email.toLowerCase().includes(q.toLowerCase()))
    .map((m) => ({ id: m.id, name: m.name, email: m.email, hasManager: m.managerIds.length > 0 }));
  return {
    channels,
    templates,
    departments: departmentRows,
    relationships,
    members: members.map((m) => ({ id: m.id, name: m.name, email: m.email, hasManager: m.managerIds.length > 0 })),
    pairs: { rows: pairRows, total: pairTotal?.n ?? 0, page: options.pairsPage },
    nominees,
    nominations,
  };
}

/** The nominees without a manager, by name: Start Nomination lists them before asking (000 §4). */
export async function nomineesWithoutManagers(db: Db, companyId: string, nomineeIds: string[]): Promise<string[]> {
  if (nomineeIds.length === 0) return [];
  const rows = await db
    .select({ name: users.name })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        sql`${users.id} IN (SELECT value FROM json_each(${JSON.stringify(nomineeIds)}))`,
        sql`NOT ${hasManager(companyId, users.id)}`
      )
    )
    .orderBy(asc(users.name));
  return rows.map((r) => r.name);
}
