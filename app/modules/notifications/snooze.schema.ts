import { z } from "zod";

/** The snooze page's one form: snooze for a day, or resume early. Who is snoozed is always the signed-in person. */
export const SnoozeSchema = z.object({ intent: z.enum(["snooze", "resume"]) });
