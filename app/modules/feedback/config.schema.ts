import { z } from "zod";
import { sharedCopy } from "~/lib/copy";
import { frequencyFits, isFrequency, parseLocalDateTime } from "~/modules/surveys/schedule";
import { LAUNCH_MESSAGES } from "./launch-check";
import { DELIVERY, FEEDBACK_FOR, LOOP_TYPES, SCHEDULE_MIN_AHEAD_MS } from "./loop-types";

/**
 * The configuration page's forms (002 §2.4, §5), client-safe: one schema per setting, told apart
 * by `intent`. The page checks a section with its own schema before saving it; the action checks
 * the whole union again with the server's clock, then the ids against the company.
 */

export const CONFIG_INTENTS = [
  "feedbackType",
  "audience",
  "clearAudience",
  "feedbackFor",
  "anonymity",
  "deadline",
  "clearDeadline",
  "schedule",
  "clearSchedule",
  "message",
  "delivery",
  "upload",
  "launch",
] as const;
export type ConfigIntent = (typeof CONFIG_INTENTS)[number];

/** The audience kinds offered per platform (002 §9); an upload is its own form. */
export const AUDIENCE_KINDS = { slack: ["users", "channels", "workspace"], msteams: ["users", "groups"] } as const;
export type AudienceKind = "users" | "channels" | "groups" | "workspace";

export const MESSAGE_MAX = 2000;
/** Separates sender and receiver in a pair's field value (ids never hold it). */
export const PAIR_SEPARATOR = ">";

const required = sharedCopy.required;
const MESSAGES = {
  audienceUsers: sharedCopy.loopAudienceUsersRequired,
  audienceChannels: sharedCopy.loopAudienceChannelsRequired,
  audienceGroups: sharedCopy.loopAudienceGroupsRequired,
} as const;
export const AUDIENCE_REQUIRED = MESSAGES;
export const SCHEDULE_TOO_SOON = sharedCopy.scheduleTooSoon;

const list = z
  .preprocess((v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(z.string().trim().min(1).max(100)).max(5000))
  .default([]);
const offset = z.number().int().min(-840).max(840).default(0);

export const FeedbackTypeSchema = z.object({
  intent: z.literal("feedbackType"),
  workflowType: z.enum(LOOP_TYPES, { error: LAUNCH_MESSAGES.feedbackType }),
});

export const AudienceSchema = z
  .object({
    intent: z.literal("audience"),
    audienceType: z.enum(["users", "channels", "groups", "workspace"], { error: LAUNCH_MESSAGES.audience }),
    users: list,
    channels: list,
    groups: list,
    workspaceId: z.string().trim().max(100).optional(),
  })
  .superRefine((form, ctx) => {
    if (form.audienceType === "users" && form.users.length === 0) ctx.addIssue({ code: "custom", path: ["users"], message: MESSAGES.audienceUsers });
    if (form.audienceType === "channels" && form.channels.length === 0)
      ctx.addIssue({ code: "custom", path: ["channels"], message: MESSAGES.audienceChannels });
    if (form.audienceType === "groups" && form.groups.length === 0)
      ctx.addIssue({ code: "custom", path: ["groups"], message: MESSAGES.audienceGroups });
    if (form.audienceType === "workspace" && !form.workspaceId) ctx.addIssue({ code: "custom", path: ["workspaceId"], message: required });
  });

export const FeedbackForSchema = z
  .object({
    intent: z.literal("feedbackFor"),
    feedbackFor: z.enum(FEEDBACK_FOR, { error: LAUNCH_MESSAGES.feedbackFor }),
    /** The pairs kept, each `sender>receiver` (unticking one removes it). */
    pairs: list,
    /** A pair being added. */
    newSender: z.string().trim().max(100).optional(),
    newReceiver: z.string().trim().max(100).optional(),
  })
  .superRefine((form, ctx) => {
    if (form.feedbackFor !== "manually-define") return;
    for (const p of form.pairs) {
      const [s, r, ...rest] = p.split(PAIR_SEPARATOR);
      if (!s || !r || rest.length) ctx.addIssue({ code: "custom", path: ["pairs"], message: sharedCopy.loopPairUnreadable });
    }
    if (Boolean(form.newSender) !== Boolean(form.newReceiver)) {
      ctx.addIssue({ code: "custom", path: [form.newSender ? "newReceiver" : "newSender"], message: sharedCopy.loopPairIncomplete });
    }
  });

export const AnonymitySchema = z.object({ intent: z.literal("anonymity"), anonymity: z.enum(["anonymous", "non-anonymous"], { error: required }) });

export function deadlineSchema(now: number) {
  return z
    .object({ intent: z.literal("deadline"), deadline: z.string({ error: required }).trim().min(1, required), tzOffsetMinutes: offset })
    .superRefine((form, ctx) => {
      const at = parseLocalDateTime(form.deadline, form.tzOffsetMinutes);
      if (at === null) ctx.addIssue({ code: "custom", path: ["deadline"], message: sharedCopy.loopDateInvalid });
      else if (at <= now) ctx.addIssue({ code: "custom", path: ["deadline"], message: sharedCopy.loopDeadlinePast });
    });
}

export function scheduleSchema(now: number) {
  return z
    .object({
      intent: z.literal("schedule"),
      startDate: z.string({ error: required }).trim().min(1, required),
      frequency: z.string({ error: required }).trim().min(1, required),
      tzOffsetMinutes: offset,
    })
    .superRefine((form, ctx) => {
      const start = parseLocalDateTime(form.startDate, form.tzOffsetMinutes);
      if (start === null) {
        ctx.addIssue({ code: "custom", path: ["startDate"], message: sharedCopy.loopDateInvalid });
        return;
      }
      if (start < now + SCHEDULE_MIN_AHEAD_MS) ctx.addIssue({ code: "custom", path: ["startDate"], message: SCHEDULE_TOO_SOON });
      if (!isFrequency(form.frequency) || !frequencyFits(start, form.tzOffsetMinutes, form.frequency)) {
        ctx.addIssue({ code: "custom", path: ["frequency"], message: sharedCopy.loopFrequencyUnfit });
      }
    });
}

export const MessageSchema = z.object({
  intent: z.literal("message"),
  notificationMessage: z
    .string()
    .max(MESSAGE_MAX, sharedCopy.loopMessageTooLong(MESSAGE_MAX))
    .default("")
    .transform((v) => v.trim()),
});

export const DeliverySchema = z.object({ intent: z.literal("delivery"), delivery: z.enum(DELIVERY, { error: LAUNCH_MESSAGES.notifications }) });

const bare = (intent: "clearAudience" | "clearDeadline" | "clearSchedule" | "launch") => z.object({ intent: z.literal(intent) });

/** Every form of the page, as the action reads it (the upload is multipart and read on its own). */
export function configSchema(now: number) {
  return z.discriminatedUnion("intent", [
    FeedbackTypeSchema,
    AudienceSchema,
    bare("clearAudience"),
    FeedbackForSchema,
    AnonymitySchema,
    deadlineSchema(now),
    bare("clearDeadline"),
    scheduleSchema(now),
    bare("clearSchedule"),
    MessageSchema,
    DeliverySchema,
    bare("launch"),
  ]);
}
export type ConfigForm = z.infer<ReturnType<typeof configSchema>>;

/** A section's own schema, for the page's check before saving. */
export function sectionSchema(intent: ConfigIntent, now: number): z.ZodType {
  switch (intent) {
    case "feedbackType":
      return FeedbackTypeSchema;
    case "audience":
      return AudienceSchema;
    case "feedbackFor":
      return FeedbackForSchema;
    case "anonymity":
      return AnonymitySchema;
    case "deadline":
      return deadlineSchema(now);
    case "schedule":
      return scheduleSchema(now);
    case "message":
      return MessageSchema;
    case "delivery":
      return DeliverySchema;
    default:
      return z.object({ intent: z.string() });
  }
}

export function pairValue(p: { senderId: string; receiverId: string }) {
  return `${p.senderId}${PAIR_SEPARATOR}${p.receiverId}`;
}
export function pairOf(value: string): { senderId: string; receiverId: string } {
  const [senderId = "", receiverId = ""] = value.split(PAIR_SEPARATOR);
  return { senderId, receiverId };
}
