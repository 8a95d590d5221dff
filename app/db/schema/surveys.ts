import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { SurveyAnswers, SurveyBlock } from "~/modules/surveys/blocks";
import type { AudienceType, CloseRule, CloseUnit, InspectorType, RunState } from "~/modules/surveys/survey-machine";
import { companyId, createdAt, flag, id } from "./columns";

/**
 * Surveys (001 §3, §4). A custom survey template (the predefined ones live in code); a survey in
 * the library (the definition with its audience, result viewers, anonymity and schedule); the
 * runs it launched (manage surveys), their recipients, drafts and responses. Answers are also
 * kept one row per question answered (survey_answers), so reports and insights aggregate in SQL.
 *
 * Anonymity: an anonymous run never stores who answered next to what they answered. A response
 * (and its answer rows) then has no respondent; the recipient row only says that the person has
 * responded; a draft is kept under a random token held in the respondent's cookie, not under
 * their id; the response's time is kept to the day.
 */

/** A custom survey template (001 §2 "Custom Templates"), visible to everyone, workspace admins or the super admin. */
export const surveyTemplates = sqliteTable(
  "survey_templates",
  {
    id: id(),
    companyId: companyId(),
    title: text("title").notNull(),
    desc: text("desc").notNull().default(""),
    visibleToEveryone: flag("visible_to_everyone"),
    visibleToWorkspaceAdmin: flag("visible_to_workspace_admin"),
    blocks: text("blocks", { mode: "json" }).$type<SurveyBlock[]>().notNull(),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("survey_templates_company").on(t.companyId, t.title)]
);

/** A survey in the library: its questions and launch settings (001 §3 "Survey"). */
export const surveys = sqliteTable(
  "surveys",
  {
    id: id(),
    companyId: companyId(),
    title: text("title").notNull(),
    /** The template it was made from (shown as Template on manage surveys). */
    templateName: text("template_name"),
    /** Slack-type: the workspace; Teams-type: the group. */
    workspaceId: text("workspace_id"),
    groupId: text("group_id"),
    blocks: text("blocks", { mode: "json" }).$type<SurveyBlock[]>().notNull(),
    /** Audience (001 §3): a type and its selection (channel ids, group ids or user ids); null until saved. */
    audienceType: text("audience_type").$type<AudienceType>(),
    audienceIds: text("audience_ids", { mode: "json" }).$type<string[]>().notNull().default([]),
    /** Result viewers (inspectors): the audience, or chosen users; null until saved. */
    inspectorType: text("inspector_type").$type<InspectorType>(),
    inspectorIds: text("inspector_ids", { mode: "json" }).$type<string[]>().notNull().default([]),
    anonymous: flag("anonymous"),
    minSubmissionCount: integer("min_submission_count").notNull().default(0),
    /** Result visibility: Real Time (true) or once the survey is closed. */
    liveResults: flag("live_results"),
    /** Schedule (001 §3 schedule {frequency, timestamp}): the first run's time and the recurrence. */
    startAt: integer("start_at", { mode: "timestamp_ms" }),
    frequency: text("frequency"),
    /** The scheduler's time zone offset from UTC in minutes (recurrences keep local wall time). */
    tzOffsetMinutes: integer("tz_offset_minutes").notNull().default(0),
    /** The next run the cron starts (claimed with a conditional update); null when none is due. */
    nextRunAt: integer("next_run_at", { mode: "timestamp_ms" }),
    closeRule: text("close_rule").$type<CloseRule>().notNull().default("manual"),
    closeSpan: integer("close_span"),
    closeUnit: text("close_unit").$type<CloseUnit>(),
    closeAt: integer("close_at", { mode: "timestamp_ms" }),
    /** Notification texts (001 §3 notifications): the launch message and the reminder. */
    notifications: text("notifications", { mode: "json" }).$type<{ launch?: string; reminder?: string }>().notNull().default({}),
    launchCount: integer("launch_count").notNull().default(0),
    version: integer("version").notNull().default(0),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("surveys_company_created").on(t.companyId, t.createdAt), index("surveys_next_run").on(t.nextRunAt)]
);

/** One launch of a survey (a row of manage surveys): a snapshot of its questions and settings. */
export const surveyRuns = sqliteTable(
  "survey_runs",
  {
    id: id(),
    companyId: companyId(),
    surveyId: text("survey_id").notNull(),
    title: text("title").notNull(),
    templateName: text("template_name"),
    workspaceId: text("workspace_id"),
    groupId: text("group_id"),
    blocks: text("blocks", { mode: "json" }).$type<SurveyBlock[]>().notNull(),
    /** Result viewers at launch (user ids); empty with inspector type "audience" (the recipients). */
    inspectorType: text("inspector_type").$type<InspectorType>().notNull(),
    inspectorIds: text("inspector_ids", { mode: "json" }).$type<string[]>().notNull().default([]),
    anonymous: flag("anonymous"),
    minSubmissionCount: integer("min_submission_count").notNull().default(0),
    liveResults: flag("live_results"),
    state: text("state").$type<RunState>().notNull().default("open"),
    /** Which occurrence of the survey this is (1 for the first launch). */
    sequence: integer("sequence").notNull().default(1),
    closeRule: text("close_rule").$type<CloseRule>().notNull().default("manual"),
    /** When the close rule closes it (automatic or on a specific time); null otherwise. */
    closesAt: integer("closes_at", { mode: "timestamp_ms" }),
    closedAt: integer("closed_at", { mode: "timestamp_ms" }),
    audienceCount: integer("audience_count").notNull().default(0),
    submittedCount: integer("submitted_count").notNull().default(0),
    launchedBy: text("launched_by"),
    launchedAt: integer("launched_at", { mode: "timestamp_ms" }).notNull(),
    version: integer("version").notNull().default(0),
  },
  (t) => [
    uniqueIndex("survey_runs_sequence").on(t.surveyId, t.sequence),
    index("survey_runs_company_state").on(t.companyId, t.state, t.launchedAt),
    index("survey_runs_closes").on(t.state, t.closesAt),
  ]
);

/** Who a run was sent to, and whether they have responded (never what, nor when, if anonymous). */
export const surveyRecipients = sqliteTable(
  "survey_recipients",
  {
    companyId: companyId(),
    runId: text("run_id").notNull(),
    userId: text("user_id").notNull(),
    responded: flag("responded"),
  },
  (t) => [primaryKey({ columns: [t.runId, t.userId] }), index("survey_recipients_user").on(t.companyId, t.userId)]
);

/**
 * A half-finished response, resumable (001 issue: drafts). Named by `key`: the respondent's user
 * id on a named survey; on an anonymous survey a random token kept in the respondent's cookie.
 */
export const surveyDrafts = sqliteTable(
  "survey_drafts",
  {
    companyId: companyId(),
    runId: text("run_id").notNull(),
    key: text("key").notNull(),
    answers: text("answers", { mode: "json" }).$type<SurveyAnswers>().notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.key] })]
);

/** A submitted response; `respondentId` is null on an anonymous run. */
export const surveyResponses = sqliteTable(
  "survey_responses",
  {
    id: id(),
    companyId: companyId(),
    runId: text("run_id").notNull(),
    respondentId: text("respondent_id"),
    /** The respondent's department when they answered (insights by department). */
    departmentId: text("department_id"),
    answers: text("answers", { mode: "json" }).$type<SurveyAnswers>().notNull(),
    /** Submission time; on an anonymous run the day only (midnight UTC). */
    submittedAt: integer("submitted_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("survey_responses_run").on(t.runId, t.departmentId), uniqueIndex("survey_responses_respondent").on(t.runId, t.respondentId)]
);

/**
 * One answered question of a response (several rows for multiple answers), for aggregation in
 * SQL: a choice's numeric value and text, or a text answer, and the comment.
 */
export const surveyAnswers = sqliteTable(
  "survey_answers",
  {
    companyId: companyId(),
    runId: text("run_id").notNull(),
    responseId: text("response_id").notNull(),
    blockId: text("block_id").notNull(),
    departmentId: text("department_id"),
    valueNum: integer("value_num"),
    valueText: text("value_text"),
    notApplicable: flag("not_applicable"),
    comment: text("comment"),
  },
  (t) => [
    index("survey_answers_run_block").on(t.runId, t.blockId, t.valueNum),
    index("survey_answers_response").on(t.responseId),
    // The report's counts without reading answer rows: respondents of a multiple-answer question,
    // and comments (report.server.ts).
    index("survey_answers_respondents")
      .on(t.runId, t.blockId, t.responseId)
      .where(sql`${t.notApplicable} = 0`),
    index("survey_answers_comments")
      .on(t.runId, t.blockId)
      .where(sql`${t.comment} IS NOT NULL AND ${t.comment} <> ''`),
  ]
);
