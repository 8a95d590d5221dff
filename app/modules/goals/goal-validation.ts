import { parseWithZod } from "@conform-to/zod/v4";
import { GoalActionsIntent, GoalSaveIntent } from "./goals.schema";

/**
 * The goal forms' zod checks for the browser, loaded when a goal dialog opens: the profile is
 * every person's landing page, and zod with Conform's adapter would more than double what it
 * loads first. The server checks the same schemas in the profile's action union.
 */
export const validateGoalSave = (formData: FormData) => parseWithZod(formData, { schema: GoalSaveIntent });
export const validateGoalActions = (formData: FormData) => parseWithZod(formData, { schema: GoalActionsIntent });
