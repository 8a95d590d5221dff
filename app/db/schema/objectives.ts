import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  KEY_RESULT_DIRECTIONS,
  OBJECTIVES_AUDIENCE_TYPES,
  OBJECTIVES_CAMPAIGN_STATES,
  PARTICIPANT_STATES,
} from "~/modules/objectives/objective-types";
import { companyId, createdAt, flag, id } from "./columns";

/**
 * Objectives campaigns, the objectives people set in them, and goals (001 §2–§5, 002 §2.7, §3–§5).
 *
 * - An objectives campaign (001 §3) is a draft until launched; launching fixes its participants
 *   (the company's active people, or the chosen ones) as rows of `objectives_participants`, which
 *   is what the manage page lists and reminds.
 * - A participant's objectives are rows of `objectives` (reviews.ts, shared with the review
 *   questionnaires' objective questions) with the campaign's id; each has key results (OKR) or
 *   KPIs (performance contract) in `objective_key_results`, whose actual is the last check-in and
 *   whose history is `objective_check_ins`, one a key result a day.
 * - A goal (002 §3) is a person's own, with separate approval and completion.
 */
export const objectivesCampaigns = sqliteTable(
  "objectives_campaigns",
  {
    id: id(),
    companyId: companyId(),
    title: text("title").notNull(),
    startAt: integer("start_at", { mode: "timestamp_ms" }).notNull(),
    endAt: integer("end_at", { mode: "timestamp_ms" }).notNull(),
    audienceType: text("audience_type", { enum: OBJECTIVES_AUDIENCE_TYPES }).notNull(),
    /** The chosen people when the audience type is users (their ids), else empty. */
    audienceUserIds: text("audience_user_ids", { mode: "json" }).$type<string[]>().notNull(),
    notifyEmployees: flag("notify_employees"),
    notifyManagers: flag("notify_managers"),
    state: text("state", { enum: OBJECTIVES_CAMPAIGN_STATES }).notNull().default("draft"),
    createdBy: text("created_by").notNull(),
    launchedAt: integer("launched_at", { mode: "timestamp_ms" }),
    launchedBy: text("launched_by"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("objectives_campaigns_company").on(t.companyId, t.createdAt), index("objectives_campaigns_active").on(t.companyId, t.state, t.startAt)]
);

/** A person asked to set objectives in a launched campaign (fixed at launch). */
export const objectivesParticipants = sqliteTable(
  "objectives_participants",
  {
    companyId: companyId(),
    campaignId: text("campaign_id").notNull(),
    userId: text("user_id").notNull(),
    state: text("state", { enum: PARTICIPANT_STATES }).notNull().default("pending"),
    submittedAt: integer("submitted_at", { mode: "timestamp_ms" }),
    approvedAt: integer("approved_at", { mode: "timestamp_ms" }),
    approvedBy: text("approved_by"),
    remindedAt: integer("reminded_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.userId] }),
    index("objectives_participants_user").on(t.companyId, t.userId),
    index("objectives_participants_state").on(t.companyId, t.campaignId, t.state),
  ]
);

/**
 * A key result of an OKR or a KPI of a performance contract (001 §3 "KPI item": name, period,
 * description, subRole, client, industry, target, actual; key results also a start value, unit
 * and direction). `actual` is the last check-in's value.
 */
export const objectiveKeyResults = sqliteTable(
  "objective_key_results",
  {
    id: id(),
    companyId: companyId(),
    objectiveId: text("objective_id").notNull(),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    period: text("period"),
    subRole: text("sub_role"),
    client: text("client"),
    industry: text("industry"),
    /** An income-statement KPI needs its actual (000 §5). */
    incomeStatement: flag("income_statement"),
    target: real("target"),
    actual: real("actual"),
    startValue: real("start_value"),
    unit: text("unit"),
    direction: text("direction", { enum: KEY_RESULT_DIRECTIONS }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("objective_key_results_objective").on(t.objectiveId, t.position)]
);

/** A dated check-in of a key result: its value and a comment; one a key result a day (the day's last). */
export const objectiveCheckIns = sqliteTable(
  "objective_check_ins",
  {
    id: id(),
    companyId: companyId(),
    objectiveId: text("objective_id").notNull(),
    keyResultId: text("key_result_id").notNull(),
    /** UTC day, YYYY-MM-DD. */
    day: text("day").notNull(),
    value: real("value").notNull(),
    comment: text("comment"),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("objective_check_ins_day").on(t.keyResultId, t.day), index("objective_check_ins_objective").on(t.objectiveId, t.day)]
);

/** A person's goal (002 §3 "Goal"); approval and completion are separate, completion needs approval. */
export const goals = sqliteTable(
  "goals",
  {
    id: id(),
    companyId: companyId(),
    userId: text("user_id").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    deadline: integer("deadline", { mode: "timestamp_ms" }).notNull(),
    competencyIds: text("competency_ids", { mode: "json" }).$type<string[]>().notNull(),
    behaviourIds: text("behaviour_ids", { mode: "json" }).$type<string[]>().notNull(),
    approvalStatus: flag("approval_status"),
    approvalActionBy: text("approval_action_by"),
    approvalAt: integer("approval_at", { mode: "timestamp_ms" }),
    completionStatus: flag("completion_status"),
    completionActionBy: text("completion_action_by"),
    completionAt: integer("completion_at", { mode: "timestamp_ms" }),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("goals_user").on(t.companyId, t.userId, t.createdAt)]
);
