import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companyId, createdAt, flag, id } from "./columns";

export const companies = sqliteTable(
  "companies",
  {
    id: id(),
    name: text("name").notNull(),
    platform: text("platform", { enum: ["slack", "msteams"] }).notNull(),
    /** Slack enterprise/team id or Microsoft tenant id that signs people into this company. */
    externalId: text("external_id").notNull(),
    analyticsColorScale: text("analytics_color_scale", { enum: ["default", "reverse"] }).notNull().default("default"),
    aiEnabled: flag("ai_enabled"),
    reviewAnalytics: flag("review_analytics"),
    customRelationships: flag("custom_relationships"),
    userAdminView: flag("user_admin_view"),
    /** Feature flag: Goals instead of Objectives where the product offers one of them (000 §2 to-dos, 001 OKR pages). */
    goalsInsteadOfObjectives: flag("goals_instead_of_objectives"),
    /**
     * The smallest anonymous group ever shown (app/modules/access/anonymity.ts): 3 unless the
     * company raises it; a survey's own minimum can only raise it further.
     */
    anonymityFloor: integer("anonymity_floor").notNull().default(3),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("companies_platform_external").on(t.platform, t.externalId)],
);

export const departments = sqliteTable(
  "departments",
  { id: id(), companyId: companyId(), name: text("name").notNull(), createdAt: createdAt() },
  (t) => [index("departments_company").on(t.companyId, t.name)],
);

export const roles = sqliteTable(
  "roles",
  { id: id(), companyId: companyId(), name: text("name").notNull(), createdAt: createdAt() },
  (t) => [index("roles_company").on(t.companyId, t.name)],
);

export const users = sqliteTable(
  "users",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    title: text("title"),
    imageUrl: text("image_url"),
    roleId: text("role_id"),
    departmentId: text("department_id"),
    isSuperAdmin: flag("is_super_admin"),
    isTeamAdmin: flag("is_team_admin"),
    isExcluded: flag("is_excluded"),
    isDeleted: flag("is_deleted"),
    slackUserId: text("slack_user_id"),
    msteamsUserId: text("msteams_user_id"),
    /** The person's id in the company's HR system, when synced from one. */
    hrisId: text("hris_id"),
    /** Where the person came from: chat (has a chat id), hris import, or manual. */
    source: text("source", { enum: ["chat", "hris", "manual"] }).notNull().default("chat"),
    createdAt: createdAt(),
  },
  (t) => [
    index("users_company_name").on(t.companyId, t.name),
    // The Users list sorts by name (or e-mail) case-insensitively, ties broken by id: with these
    // indexes a page is read in order and the scan stops after it. Without the id, people who
    // share a name were sorted in a temporary B-tree (1,381 rows read for a 25-row page).
    index("users_company_name_nocase_id").on(t.companyId, sql`${t.name} COLLATE NOCASE`, t.id),
    index("users_company_email").on(t.companyId, t.email),
    index("users_company_email_nocase_id").on(t.companyId, sql`${t.email} COLLATE NOCASE`, t.id),
    index("users_company_department").on(t.companyId, t.departmentId),
    index("users_slack").on(t.slackUserId),
    index("users_msteams").on(t.msteamsUserId),
  ],
);

/** user ↔ manager links; a person may have several managers. */
export const userManagers = sqliteTable(
  "user_managers",
  {
    companyId: companyId(),
    userId: text("user_id").notNull(),
    managerId: text("manager_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.managerId] }), index("user_managers_manager").on(t.companyId, t.managerId)],
);

// Slack-type: workspaces and channels
export const workspaces = sqliteTable(
  "workspaces",
  { id: id(), companyId: companyId(), name: text("name").notNull(), slackTeamId: text("slack_team_id").notNull(), createdAt: createdAt() },
  (t) => [index("workspaces_company").on(t.companyId), uniqueIndex("workspaces_slack_team").on(t.slackTeamId)],
);

export const workspaceMembers = sqliteTable(
  "workspace_members",
  { companyId: companyId(), workspaceId: text("workspace_id").notNull(), userId: text("user_id").notNull() },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index("workspace_members_user").on(t.companyId, t.userId)],
);

export const channels = sqliteTable(
  "channels",
  {
    id: id(),
    companyId: companyId(),
    workspaceId: text("workspace_id").notNull(),
    name: text("name").notNull(),
    isPrivate: flag("is_private"),
    slackChannelId: text("slack_channel_id"),
    createdAt: createdAt(),
  },
  (t) => [index("channels_workspace").on(t.companyId, t.workspaceId)],
);

export const channelMembers = sqliteTable(
  "channel_members",
  { companyId: companyId(), channelId: text("channel_id").notNull(), userId: text("user_id").notNull() },
  (t) => [primaryKey({ columns: [t.channelId, t.userId] }), index("channel_members_user").on(t.companyId, t.userId)],
);

// Teams-type: groups with members and admins
export const groups = sqliteTable(
  "groups",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    channelName: text("channel_name"),
    msteamsGroupId: text("msteams_group_id"),
    createdAt: createdAt(),
  },
  (t) => [index("groups_company").on(t.companyId, t.name)],
);

export const groupMembers = sqliteTable(
  "group_members",
  {
    companyId: companyId(),
    groupId: text("group_id").notNull(),
    userId: text("user_id").notNull(),
    isAdmin: flag("is_admin"),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index("group_members_user").on(t.companyId, t.userId)],
);

export const competencies = sqliteTable(
  "competencies",
  { id: id(), companyId: companyId(), name: text("name").notNull(), description: text("description"), createdAt: createdAt() },
  (t) => [index("competencies_company").on(t.companyId, t.name)],
);

export const behaviours = sqliteTable(
  "behaviours",
  {
    id: id(),
    companyId: companyId(),
    competencyId: text("competency_id").notNull(),
    name: text("name").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("behaviours_competency").on(t.companyId, t.competencyId)],
);

export const customRelationships = sqliteTable(
  "custom_relationships",
  { id: id(), companyId: companyId(), name: text("name").notNull(), createdAt: createdAt() },
  (t) => [index("custom_relationships_company").on(t.companyId, t.name)],
);

/** People attached to a custom relationship; origin says whether by hand or from an uploaded file. */
export const customRelationshipMembers = sqliteTable(
  "custom_relationship_members",
  {
    companyId: companyId(),
    relationshipId: text("relationship_id").notNull(),
    userId: text("user_id").notNull(),
    origin: text("origin", { enum: ["manual", "upload"] }).notNull().default("manual"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.relationshipId, t.userId] }), index("custom_relationship_members_user").on(t.companyId, t.userId)],
);
