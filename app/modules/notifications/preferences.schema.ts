import { z } from "zod";
import { notificationPrefsCopy } from "~/lib/copy";
import { CHANNEL_CHOICES, CONFIGURABLE_KINDS, type ChannelChoice } from "./kinds";

/** The Settings form's intent: the Notifications section posts to /settings beside the colour scale form. */
export const NOTIFICATION_CHANNELS_INTENT = "notification-channels";

const choice = z.enum(CHANNEL_CHOICES, { error: notificationPrefsCopy.choiceInvalid });

/**
 * The super admin's choice per 002 §9 kind: one field per kind, named by the kind, each chat,
 * e-mail or both. Every kind is required, so a half-posted form saves nothing.
 */
export const NotificationChannelsSchema = z.object({
  intent: z.literal(NOTIFICATION_CHANNELS_INTENT),
  ...(Object.fromEntries(CONFIGURABLE_KINDS.map((kind) => [kind, choice])) as Record<(typeof CONFIGURABLE_KINDS)[number], typeof choice>),
});

export type ChannelChoices = Record<(typeof CONFIGURABLE_KINDS)[number], ChannelChoice>;
