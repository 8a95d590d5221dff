import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { NOMINATION_STATES, type PairAnswers, type PairState, type ShareConfig } from "~/modules/reviews/campaign-machine";
import type { StoredBlock } from "~/modules/reviews/questionnaire-blocks";
import { companyId, createdAt, flag, id } from "./columns";

/** A review questionnaire (000 §3 "Questionnaire template"): its blocks are one typed JSON value. */
export const reviewTemplates = sqliteTable(
  "review_templates",
  {
    id: id(),
    companyId: companyId(),
    title: text("title").notNull(),
    hideCompetencySelector: flag("hide_competency_selector"),
    blocks: text("blocks", { mode: "json" }).$type<StoredBlock[]>().notNull(),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("review_templates_company_title").on(t.companyId, t.title),
    index("review_templates_company_created").on(t.companyId, t.createdAt),
  ]
);

/**
 * A review campaign (000 §3 "Review"). Its state, and its pairs' states, change only through the
 * campaign's Durable Object (durable-objects/review-campaign.ts), which bumps `version` on each
 * change. Launch, audience and sharing columns are filled by the launch form.
 */
export const reviewCampaigns = sqliteTable(
  "review_campaigns",
  {
    id: id(),
    companyId: companyId(),
    title: text("title").notNull(),
    state: text("state", { enum: ["draft", "scheduled", "live", "closed"] })
      .notNull()
      .default("draft"),
    templateId: text("template_id"),
    /** Slack-type: the workspace; Teams-type: the group (000 §3 "workspaceId or channelId"). */
    workspaceId: text("workspace_id"),
    groupId: text("group_id"),
    anonymous: flag("anonymous"),
    startAt: integer("start_at", { mode: "timestamp_ms" }),
    endAt: integer("end_at", { mode: "timestamp_ms" }),
    automaticClose: flag("automatic_close"),
    /** Share Result (000 §3 resultSharingConfig); null: results are not shared. */
    shareConfig: text("share_config", { mode: "json" }).$type<ShareConfig>(),
    /** The audience filter: null for All, else the chosen departments. */
    departmentFilter: text("department_filter", { mode: "json" }).$type<string[]>(),
    /** Reviewees who will nominate their own reviewers (000 §3 nominatorAudience), until nominations start. */
    nominationAudience: text("nomination_audience", { mode: "json" }).$type<string[]>().notNull().default([]),
    /** Set by Start Nomination, cleared by cancelling nominations (000 §3 nominationInProcess). */
    nominationStartedAt: integer("nomination_started_at", { mode: "timestamp_ms" }),
    /** The questionnaire as it was at launch: later edits of the template do not change a running review. */
    templateTitle: text("template_title"),
    templateBlocks: text("template_blocks", { mode: "json" }).$type<StoredBlock[]>(),
    launchedAt: integer("launched_at", { mode: "timestamp_ms" }),
    version: integer("version").notNull().default(0),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("review_campaigns_company_state").on(t.companyId, t.state),
    index("review_campaigns_template").on(t.companyId, t.templateId),
  ]
);

/** A reviewer/reviewee pair of a campaign (000 §3); unique per campaign, reviewee and reviewer. */
export const reviewPairs = sqliteTable(
  "review_pairs",
  {
    id: id(),
    companyId: companyId(),
    campaignId: text("campaign_id").notNull(),
    revieweeId: text("reviewee_id").notNull(),
    reviewerId: text("reviewer_id").notNull(),
    state: text("state").$type<PairState>().notNull().default("pending"),
    fromNominations: flag("from_nominations"),
    declineComment: text("decline_comment"),
    /** The reviewer's answers by block id (written when reviews are completed). */
    answers: text("answers", { mode: "json" }).$type<PairAnswers>(),
    /** When a completed result was shared with the reviewee (Slack-type only). */
    sharedAt: integer("shared_at", { mode: "timestamp_ms" }),
    /** When the reviewer submitted (cleared by reopening); sharing later does not move it. */
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("review_pairs_unique").on(t.campaignId, t.revieweeId, t.reviewerId),
    index("review_pairs_campaign").on(t.companyId, t.campaignId, t.state),
    index("review_pairs_reviewer").on(t.companyId, t.reviewerId),
    index("review_pairs_reviewee").on(t.companyId, t.revieweeId),
  ]
);

/**
 * A reviewee of a campaign's nomination phase (000 §3 "Nomination", §9 item states): created
 * open by Start Nomination; the reviewee, their manager and the reviewers move it on.
 */
export const reviewNominations = sqliteTable(
  "review_nominations",
  {
    id: id(),
    companyId: companyId(),
    campaignId: text("campaign_id").notNull(),
    revieweeId: text("reviewee_id").notNull(),
    state: text("state", { enum: NOMINATION_STATES }).notNull().default("open"),
    /** Why the nominee declined to nominate, when they said. */
    declineReason: text("decline_reason"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("review_nominations_unique").on(t.campaignId, t.revieweeId),
    index("review_nominations_campaign").on(t.companyId, t.campaignId, t.state),
    index("review_nominations_reviewee").on(t.companyId, t.revieweeId),
  ]
);

/** A KPI of an objective (001 §3 "KPI item"). */
export interface Kpi {
  name: string;
  description?: string;
  period?: string;
  target?: string;
}

/**
 * An objective (000 §3 "Objective: name, weight, docType, kpis"). Objective questions of a review
 * questionnaire pick from these; the objectives area (campaigns, OKR pages) builds on this table.
 */
export const objectives = sqliteTable(
  "objectives",
  {
    id: id(),
    companyId: companyId(),
    ownerId: text("owner_id"),
    name: text("name").notNull(),
    description: text("description"),
    weight: integer("weight").notNull().default(0),
    docType: text("doc_type", { enum: ["okr", "performance-contract"] })
      .notNull()
      .default("okr"),
    kpis: text("kpis", { mode: "json" }).$type<Kpi[]>().notNull(),
    /**
     * The objectives campaign a person's objective was set in (objectives.ts); null for the
     * company's own objectives, which only questionnaires pick from.
     */
    campaignId: text("campaign_id"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("objectives_company").on(t.companyId, t.createdAt), index("objectives_owner").on(t.companyId, t.ownerId, t.campaignId)]
);
