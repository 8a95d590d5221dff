import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  CHAT_REPLY_STATUSES,
  FOCUS_CATEGORIES,
  PARTY_ROLES,
  TONE_CATEGORIES,
  type AiCompetency,
  type PrepAnswers,
  type SbiTag,
} from "~/modules/one-on-ones/one-on-one-types";
import { companyId, createdAt, flag, id } from "./columns";

/**
 * What happens in a 1-on-1 (001 §2–§4) beside the meeting row (`one_on_ones`, feedback.ts):
 *
 * - `one_on_one_parties`: one row for each side of a meeting (001 §3 reviewerChannelInfo /
 *   revieweeChannelInfo): that side's prep-survey answers (pending until `submitted_at`), the notes
 *   both sides read (`shared_notes`) and the notes only their author reads (`private_notes`).
 * - `ai_feedbacks`: the reviewer's AI-crafted feedback for the meeting (001 §3 "AI feedback"),
 *   one per meeting, with the analyser's last reading of it (scores, SBI parts and tags, tone,
 *   focus, steps, competencies). `version` rises with every change so a stale form is refused.
 * - `ai_chats` and `ai_chat_messages`: an assistant conversation (001 §3 "Chat") belongs to the
 *   person who started it; each message is one question and its reply, kept as it ended.
 */
export const oneOnOneParties = sqliteTable(
  "one_on_one_parties",
  {
    oneOnOneId: text("one_on_one_id").notNull(),
    companyId: companyId(),
    userId: text("user_id").notNull(),
    role: text("role", { enum: PARTY_ROLES }).notNull(),
    answers: text("answers", { mode: "json" }).$type<PrepAnswers>(),
    submittedAt: integer("submitted_at", { mode: "timestamp_ms" }),
    sharedNotes: text("shared_notes").notNull().default(""),
    privateNotes: text("private_notes").notNull().default(""),
    notesUpdatedAt: integer("notes_updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [primaryKey({ columns: [t.oneOnOneId, t.userId] }), index("one_on_one_parties_user").on(t.companyId, t.userId)]
);

export const aiFeedbacks = sqliteTable(
  "ai_feedbacks",
  {
    id: id(),
    companyId: companyId(),
    oneOnOneId: text("one_on_one_id").notNull(),
    reviewerId: text("reviewer_id").notNull(),
    revieweeId: text("reviewee_id").notNull(),
    userFeedback: text("user_feedback").notNull().default(""),
    openingStatement: text("opening_statement").notNull().default(""),
    situation: text("situation").notNull().default(""),
    behavior: text("behavior").notNull().default(""),
    impact: text("impact").notNull().default(""),
    situationTags: text("situation_tags", { mode: "json" }).$type<SbiTag[]>().notNull().default([]),
    behaviorTags: text("behavior_tags", { mode: "json" }).$type<SbiTag[]>().notNull().default([]),
    impactTags: text("impact_tags", { mode: "json" }).$type<SbiTag[]>().notNull().default([]),
    actionableSteps: text("actionable_steps", { mode: "json" }).$type<string[]>().notNull().default([]),
    strengthCompetency: text("strength_competency", { mode: "json" }).$type<AiCompetency[]>().notNull().default([]),
    developmentAreaCompetency: text("development_area_competency", { mode: "json" }).$type<AiCompetency[]>().notNull().default([]),
    /** 0–100; shown as its floor (001 §9). */
    aiScore: integer("ai_score").notNull().default(0),
    specificityScore: integer("specificity_score").notNull().default(0),
    toneCategory: text("tone_category", { enum: TONE_CATEGORIES }),
    suggestedTone: text("suggested_tone", { enum: TONE_CATEGORIES }),
    focusCategory: text("focus_category", { enum: FOCUS_CATEGORIES }),
    actionabilityScore: integer("actionability_score").notNull().default(0),
    isSubmitted: flag("is_submitted"),
    submittedAt: integer("submitted_at", { mode: "timestamp_ms" }),
    version: integer("version").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("ai_feedbacks_one_on_one").on(t.oneOnOneId),
    index("ai_feedbacks_company_submitted").on(t.companyId, t.isSubmitted, t.submittedAt),
  ]
);

export const aiChats = sqliteTable(
  "ai_chats",
  {
    id: id(),
    companyId: companyId(),
    userId: text("user_id").notNull(),
    /** Where it was started: a meeting's panel or a profile's chat. */
    oneOnOneId: text("one_on_one_id"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("ai_chats_user").on(t.companyId, t.userId, t.updatedAt)]
);

export const aiChatMessages = sqliteTable(
  "ai_chat_messages",
  {
    chatId: text("chat_id").notNull(),
    /** The id the client gave the message (ai_chat_message.id). */
    id: text("id").notNull(),
    companyId: companyId(),
    /** The profile the question was about (inputMetaData.profileId), if any. */
    profileId: text("profile_id"),
    humanMessage: text("human_message").notNull(),
    aiMessage: text("ai_message").notNull().default(""),
    status: text("status", { enum: CHAT_REPLY_STATUSES }),
    /** What the reply cited: [{ key, label, href }]. */
    citations: text("citations", { mode: "json" }).$type<Array<{ key: string; label: string; href: string | null }>>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.id] }), index("ai_chat_messages_chat").on(t.chatId, t.createdAt)]
);
