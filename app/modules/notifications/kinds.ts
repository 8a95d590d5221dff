/**
 * Notification kinds: the six of 002 §9 plus "report" (a generated report is ready or failed)
 * and "system" (the app telling someone that background work failed). Client-safe: no server
 * imports, so the inbox and the failure messages can name a kind anywhere.
 */
export const NOTIFICATION_KINDS = [
  "performance-review",
  "reminder",
  "survey",
  "survey-reminder",
  "feedback-loop",
  "feedback-loop-reminder",
  "report",
  "system",
  "reminder-digest",
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How a kind reads inside a sentence ("… did not receive your survey reminder."), as 002 §9 words it. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  "performance-review": "performance review",
  reminder: "reminder",
  survey: "survey",
  "survey-reminder": "survey reminder",
  "feedback-loop": "feedback loop",
  "feedback-loop-reminder": "feedback loop reminder",
  report: "report",
  system: "notification",
  "reminder-digest": "reminders",
};

/** The 002 §9 kinds an admin routes by chat, e-mail or both (notification_channel_settings). */
export const CONFIGURABLE_KINDS = [
  "performance-review",
  "reminder",
  "survey",
  "survey-reminder",
  "feedback-loop",
  "feedback-loop-reminder",
] as const satisfies readonly NotificationKind[];

/** Reminders wait for the person's daily digest and are what "Snooze for a day" holds back. */
export const REMINDER_KINDS = ["reminder", "survey-reminder", "feedback-loop-reminder"] as const satisfies readonly NotificationKind[];

export function isReminderKind(kind: string): boolean {
  return (REMINDER_KINDS as readonly string[]).includes(kind);
}

/** What "Snooze for a day" holds back: the reminders and the digest that gathers them. */
export const SNOOZABLE_KINDS = [...REMINDER_KINDS, "reminder-digest"] as const satisfies readonly NotificationKind[];

export function isSnoozableKind(kind: string): boolean {
  return (SNOOZABLE_KINDS as readonly string[]).includes(kind);
}

/** Messages that offer "Give Feedback" (a chat's quick feedback, the app's give page in e-mail). */
const GIVE_FEEDBACK_KINDS: readonly string[] = ["feedback-loop", "feedback-loop-reminder", "reminder-digest"] satisfies NotificationKind[];

export function offersGiveFeedback(kind: string): boolean {
  return GIVE_FEEDBACK_KINDS.includes(kind);
}

/** The admin's choice for a kind; "chat" is the company's platform. */
export const CHANNEL_CHOICES = ["chat", "email", "both"] as const;
export type ChannelChoice = (typeof CHANNEL_CHOICES)[number];

export function isNotificationKind(value: string): value is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

/** The spec's "Reminder send-as" values (002 §9): a chat message from the app, or an e-mail. */
export const SEND_AS = ["appMessage", "email"] as const;
export type SendAs = (typeof SEND_AS)[number];

export const NOTIFICATION_CHANNELS = ["slack", "msteams", "email"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
