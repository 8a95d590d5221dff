import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { LoopBlock } from "~/modules/feedback/feedback-blocks";
import type {
  BehaviourType,
  Delivery,
  DimensionInfo,
  FeedbackAnswers,
  FeedbackFor,
  FeedbackFormat,
  FeedbackKind,
  FeedbackRequestState,
  FeedbackSource,
  LoopAudienceType,
  LoopPair,
  LoopRunState,
  LoopState,
  LoopType,
  OneOnOneState,
  PairState,
  TemplateType,
} from "~/modules/feedback/loop-types";
import { companyId, createdAt, flag, id } from "./columns";

/**
 * Feedback (002 §3): templates, loops and the feedback they gather.
 *
 * - A custom template (the predefined ones live in code) is the start of a library loop.
 * - A library loop is a loop being configured (002 §2.4); each launch makes a feedback loop (a row
 *   of manage feedback loops) with a copy of the settings, and each of its occurrences is a run
 *   with its own deadline, its sender–receiver pairs and their state.
 * - Every piece of feedback, whatever made it (a run, feedback given unasked, an answered request,
 *   praise), is one feedback item. Per-person per-day counts and per-competency counts are kept up
 *   to date on write (DESIGN.md), so insights never scan items.
 *
 * Anonymity: an anonymous item stores no sender and no time finer than its run's deadline day;
 * it is hidden (visible = false) until its run closes with at least the company's anonymity floor
 * of anonymous items for that receiver (app/modules/access/feedback.server.ts).
 */

/** A custom template of the workflow library, visible to everyone, admins or the super admin (002 §6). */
export const feedbackTemplates = sqliteTable(
  "feedback_templates",
  {
    id: id(),
    companyId: companyId(),
    templateType: text("template_type").$type<TemplateType>().notNull(),
    title: text("title").notNull(),
    desc: text("desc").notNull().default(""),
    visibleToEveryone: flag("visible_to_everyone"),
    visibleToTeamAdmin: flag("visible_to_team_admin"),
    blocks: text("blocks", { mode: "json" }).$type<LoopBlock[]>().notNull(),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("feedback_templates_company").on(t.companyId, t.templateType, t.title)]
);

/** A loop being configured (002 §3 "Feedback loop", feedbackLibraryLoopId); null settings are not set yet. */
export const feedbackLibraryLoops = sqliteTable(
  "feedback_library_loops",
  {
    id: id(),
    companyId: companyId(),
    templateType: text("template_type").$type<TemplateType>().notNull(),
    /** The predefined template's key or the custom template's id it was made from. */
    templateId: text("template_id"),
    templateName: text("template_name").notNull(),
    /** SBI, SaD or FreeText for the predefined formats; null for a template of blocks only. */
    templateFormat: text("template_format").$type<FeedbackFormat>(),
    title: text("title").notNull(),
    /** The Feedback Type (002 §9 loop types). */
    workflowType: text("workflow_type").$type<LoopType>(),
    audienceType: text("audience_type").$type<LoopAudienceType>(),
    /** User, channel or group ids (empty for the workspace and for an upload). */
    audienceIds: text("audience_ids", { mode: "json" }).$type<string[]>().notNull().default([]),
    workspaceId: text("workspace_id"),
    feedbackFor: text("feedback_for").$type<FeedbackFor>(),
    /** Manually defined or uploaded pairs. */
    pairs: text("pairs", { mode: "json" }).$type<LoopPair[]>().notNull().default([]),
    anonymous: flag("anonymous"),
    /** The deadline (002 §3 ttl); null when cleared. */
    deadlineAt: integer("deadline_at", { mode: "timestamp_ms" }),
    tzOffsetMinutes: integer("tz_offset_minutes").notNull().default(0),
    /** 002 §9 extra block: channel posts (Slack-type, a channel audience). */
    notificationMessage: text("notification_message").notNull().default(""),
    /** The notification preference (Send Notifications As). */
    delivery: text("delivery").$type<Delivery>(),
    /** Schedule: the first run's time and the repeat option; a null start launches at once. */
    startAt: integer("start_at", { mode: "timestamp_ms" }),
    frequency: text("frequency").notNull().default("does-not-repeat"),
    blocks: text("blocks", { mode: "json" }).$type<LoopBlock[]>().notNull(),
    hideCompetencySelector: flag("hide_competency_selector"),
    version: integer("version").notNull().default(0),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("feedback_library_loops_company").on(t.companyId, t.templateType, t.createdAt)]
);

/** A launched loop (002 §3 feedbackLoopId; a row of manage feedback loops): the settings as launched. */
export const feedbackLoops = sqliteTable(
  "feedback_loops",
  {
    id: id(),
    companyId: companyId(),
    libraryLoopId: text("library_loop_id").notNull(),
    templateType: text("template_type").$type<TemplateType>().notNull(),
    templateName: text("template_name").notNull(),
    templateFormat: text("template_format").$type<FeedbackFormat>(),
    title: text("title").notNull(),
    workflowType: text("workflow_type").$type<LoopType>().notNull(),
    feedbackFor: text("feedback_for").$type<FeedbackFor>(),
    audienceType: text("audience_type").$type<LoopAudienceType>().notNull(),
    audienceIds: text("audience_ids", { mode: "json" }).$type<string[]>().notNull().default([]),
    /** The audience as the manage list names it (a channel's or workspace's name; 002 §9 sort keys). */
    audienceName: text("audience_name"),
    workspaceId: text("workspace_id"),
    pairs: text("pairs", { mode: "json" }).$type<LoopPair[]>().notNull().default([]),
    anonymous: flag("anonymous"),
    notificationMessage: text("notification_message").notNull().default(""),
    delivery: text("delivery").$type<Delivery>().notNull(),
    blocks: text("blocks", { mode: "json" }).$type<LoopBlock[]>().notNull(),
    hideCompetencySelector: flag("hide_competency_selector"),
    startAt: integer("start_at", { mode: "timestamp_ms" }).notNull(),
    frequency: text("frequency").notNull().default("does-not-repeat"),
    tzOffsetMinutes: integer("tz_offset_minutes").notNull().default(0),
    /** How long each run stays open: the configured deadline less the first start. */
    runSpanMs: integer("run_span_ms").notNull(),
    /** The next run the cron starts (claimed with a conditional update); null when none is due. */
    nextRunAt: integer("next_run_at", { mode: "timestamp_ms" }),
    state: text("state").$type<LoopState>().notNull(),
    runCount: integer("run_count").notNull().default(0),
    /** Completion over every run so far (002 §9 sort key completion). */
    pairCount: integer("pair_count").notNull().default(0),
    givenCount: integer("given_count").notNull().default(0),
    version: integer("version").notNull().default(0),
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [index("feedback_loops_company").on(t.companyId, t.createdAt), index("feedback_loops_next_run").on(t.nextRunAt)]
);

/** One occurrence of a launched loop: open until its deadline. */
export const feedbackLoopRuns = sqliteTable(
  "feedback_loop_runs",
  {
    id: id(),
    companyId: companyId(),
    loopId: text("loop_id").notNull(),
    sequence: integer("sequence").notNull(),
    state: text("state").$type<LoopRunState>().notNull().default("open"),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    deadlineAt: integer("deadline_at", { mode: "timestamp_ms" }).notNull(),
    closedAt: integer("closed_at", { mode: "timestamp_ms" }),
    pairCount: integer("pair_count").notNull().default(0),
    givenCount: integer("given_count").notNull().default(0),
  },
  (t) => [
    uniqueIndex("feedback_loop_runs_sequence").on(t.loopId, t.sequence),
    index("feedback_loop_runs_company").on(t.companyId, t.state, t.deadlineAt),
    index("feedback_loop_runs_deadline").on(t.state, t.deadlineAt),
  ]
);

/** A sender–receiver pair of a run and whether the sender has given their feedback (never when, if anonymous). */
export const feedbackLoopPairs = sqliteTable(
  "feedback_loop_pairs",
  {
    companyId: companyId(),
    loopId: text("loop_id").notNull(),
    runId: text("run_id").notNull(),
    senderId: text("sender_id").notNull(),
    receiverId: text("receiver_id").notNull(),
    state: text("state").$type<PairState>().notNull().default("pending"),
    /** When it was given; null on an anonymous loop. */
    givenAt: integer("given_at", { mode: "timestamp_ms" }),
    remindedAt: integer("reminded_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.senderId, t.receiverId] }),
    index("feedback_loop_pairs_sender").on(t.companyId, t.senderId, t.state),
  ]
);

/** One piece of feedback (002 §3 "Feedback item"). */
export const feedbackItems = sqliteTable(
  "feedback_items",
  {
    id: id(),
    companyId: companyId(),
    source: text("source").$type<FeedbackSource>().notNull(),
    /** 002 §9 feedback kind (feedback_type) and the title shown for it (feedbackType.title). */
    feedbackType: text("feedback_type").$type<FeedbackKind>().notNull(),
    feedbackTypeTitle: text("feedback_type_title").notNull(),
    /** SBI, SaD or FreeText (template_type); null for an item of template blocks only. */
    templateType: text("template_type").$type<FeedbackFormat>(),
    feedbackText: text("feedback_text"),
    situationText: text("situation_text"),
    behaviorText: text("behavior_text"),
    impactText: text("impact_text"),
    sbiNextStepText: text("sbi_next_step_text"),
    strengthText: text("strength_text"),
    developmentAreaText: text("development_area_text"),
    sdNextStepText: text("sd_next_step_text"),
    /** The template's blocks as sent, and the answers to them. */
    blocks: text("blocks", { mode: "json" }).$type<LoopBlock[]>().notNull().default([]),
    answers: text("answers", { mode: "json" }).$type<FeedbackAnswers>().notNull().default({}),
    dimensionInfos: text("dimension_infos", { mode: "json" }).$type<DimensionInfo[]>().notNull().default([]),
    /** Null when anonymous. */
    senderId: text("sender_id"),
    receiverId: text("receiver_id").notNull(),
    loopId: text("loop_id"),
    runId: text("run_id"),
    requestId: text("request_id"),
    anonymous: flag("anonymous"),
    /** Praise shown to the company (public praise). */
    isPublic: flag("is_public"),
    /** False while an anonymous item waits for its run to close with enough others. */
    visible: integer("visible", { mode: "boolean" }).notNull().default(true),
    /** On an anonymous item: midnight UTC of its run's deadline day, for both. */
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("feedback_items_receiver").on(t.companyId, t.receiverId, t.sentAt),
    index("feedback_items_sender").on(t.companyId, t.senderId, t.sentAt),
    index("feedback_items_company_sent").on(t.companyId, t.sentAt),
    index("feedback_items_run").on(t.runId, t.receiverId),
    uniqueIndex("feedback_items_run_pair")
      .on(t.runId, t.senderId, t.receiverId)
      .where(sql`${t.runId} IS NOT NULL AND ${t.senderId} IS NOT NULL`),
    uniqueIndex("feedback_items_request").on(t.requestId).where(sql`${t.requestId} IS NOT NULL`),
  ]
);

/** A request for feedback: the requester asks a colleague for feedback about themselves. */
export const feedbackRequests = sqliteTable(
  "feedback_requests",
  {
    id: id(),
    companyId: companyId(),
    requesterId: text("requester_id").notNull(),
    /** Who is asked to give it (their to-give item). */
    recipientId: text("recipient_id").notNull(),
    message: text("message").notNull().default(""),
    state: text("state").$type<FeedbackRequestState>().notNull().default("open"),
    createdAt: createdAt(),
    answeredAt: integer("answered_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("feedback_requests_recipient").on(t.companyId, t.recipientId, t.state), index("feedback_requests_requester").on(t.companyId, t.requesterId)]
);

/** Per person and day (YYYY-MM-DD, UTC): the personal overview's counts (002 §3), kept on write. */
export const feedbackDailyCounts = sqliteTable(
  "feedback_daily_counts",
  {
    companyId: companyId(),
    userId: text("user_id").notNull(),
    day: text("day").notNull(),
    sent: integer("sent").notNull().default(0),
    received: integer("received").notNull().default(0),
    requested: integer("requested").notNull().default(0),
    praiseSent: integer("praise_sent").notNull().default(0),
    praiseReceived: integer("praise_received").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId, t.day] }), index("feedback_daily_counts_day").on(t.companyId, t.day)]
);

/** Per receiver, day, competency and behaviour tag: the insights' treemaps (002 §3 chart items), kept on write. */
export const feedbackCompetencyCounts = sqliteTable(
  "feedback_competency_counts",
  {
    companyId: companyId(),
    userId: text("user_id").notNull(),
    day: text("day").notNull(),
    competencyId: text("competency_id").notNull(),
    /** "" for the competency itself. */
    behaviourId: text("behaviour_id").notNull().default(""),
    /** "" when tagged neither way. */
    behaviourType: text("behaviour_type").$type<BehaviourType | "">().notNull().default(""),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId, t.day, t.competencyId, t.behaviourId, t.behaviourType] }),
    index("feedback_competency_counts_day").on(t.companyId, t.day),
  ]
);

/**
 * Per person and day: the running totals of feedback_daily_counts up to and including that day,
 * kept on write from the daily rows. A person's figures for any date range are two reads
 * (the last row on or before the end minus the last row before the start), so a leaderboard of
 * 5,000 people reads 10,000 rows however long the range (insights: app/modules/insights).
 */
export const feedbackRunningCounts = sqliteTable(
  "feedback_running_counts",
  {
    companyId: companyId(),
    userId: text("user_id").notNull(),
    day: text("day").notNull(),
    sent: integer("sent").notNull().default(0),
    received: integer("received").notNull().default(0),
    requested: integer("requested").notNull().default(0),
    praiseSent: integer("praise_sent").notNull().default(0),
    praiseReceived: integer("praise_received").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId, t.day] })]
);

/** Per company, day, competency and behaviour tag: feedback_competency_counts summed over people (the workspace's treemaps), kept on write. */
export const feedbackCompanyCompetencyCounts = sqliteTable(
  "feedback_company_competency_counts",
  {
    companyId: companyId(),
    day: text("day").notNull(),
    competencyId: text("competency_id").notNull(),
    behaviourId: text("behaviour_id").notNull().default(""),
    behaviourType: text("behaviour_type").$type<BehaviourType | "">().notNull().default(""),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.competencyId, t.behaviourId, t.behaviourType] })]
);

/** A 1-on-1 meeting (001 §3 "OneOnOne"), set up by a one-on-one loop run. */
export const oneOnOnes = sqliteTable(
  "one_on_ones",
  {
    id: id(),
    companyId: companyId(),
    loopId: text("loop_id"),
    runId: text("run_id"),
    reviewerId: text("reviewer_id").notNull(),
    revieweeId: text("reviewee_id").notNull(),
    state: text("state").$type<OneOnOneState>().notNull().default("prep"),
    scheduledAt: integer("scheduled_at", { mode: "timestamp_ms" }),
    /** When the meeting began (session); a closed meeting shows it as its date (001 §4). */
    startAt: integer("start_at", { mode: "timestamp_ms" }),
    closedAt: integer("closed_at", { mode: "timestamp_ms" }),
    frequency: text("frequency").notNull().default("does-not-repeat"),
    /** The agenda's blocks (the prep survey). */
    blocks: text("blocks", { mode: "json" }).$type<LoopBlock[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("one_on_ones_run_pair").on(t.runId, t.reviewerId, t.revieweeId).where(sql`${t.runId} IS NOT NULL`),
    index("one_on_ones_reviewer").on(t.companyId, t.reviewerId),
    index("one_on_ones_reviewee").on(t.companyId, t.revieweeId),
    // The minute cron looks for meetings due to move, across companies, by state and time.
    index("one_on_ones_due").on(t.state, t.scheduledAt),
  ]
);
