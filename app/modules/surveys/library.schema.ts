import { z } from "zod";
import { sharedCopy } from "~/lib/copy";

/**
 * The forms of the survey library and the templates page (001 §2): the 'Create New Survey'
 * dialog, a custom template's details, and the rows' duplicate / two-step delete. Shared by the
 * browser (Conform) and the server.
 */

const REQUIRED = sharedCopy.required;

/** 001 §2 paths: the library (a survey opens at + /{id}); new survey entries; the templates page (chosen). */
export const LIBRARY_PATH = "/surveys/survey-library";
export const NEW_SURVEY_PATH = `${LIBRARY_PATH}/add-new-survey`;
export const TEMPLATES_PATH = "/surveys/survey-templates";
export const MANAGE_SURVEYS_PATH = "/surveys/manage-surveys";

export const surveyPath = (id: string) => `${LIBRARY_PATH}/${encodeURIComponent(id)}`;
export const newSurveyPath = (templateId?: string | null) =>
  templateId ? `${NEW_SURVEY_PATH}/${encodeURIComponent(templateId)}` : NEW_SURVEY_PATH;
export const templatePath = (id: string) => `${TEMPLATES_PATH}/${encodeURIComponent(id)}`;

/** 001 §2 "Default name of a newly created survey". */
export const NEW_SURVEY_TITLE = "New Survey";

/** 001 §2 / §8 empty states, quoted exactly. */
export const NO_SURVEYS = "No Surveys found. Add a new one!";
export const NO_CUSTOM_TEMPLATES = "No Custom Templates found.";
export const NO_PREDEFINED_TEMPLATES = "No Predefined Templates found.";

/** The delete confirmation's warning for a scheduled survey (001 §2 asks for one; its wording is not given). */
export const scheduledWarning = (nextRun: string) =>
  `This survey is scheduled: its next run is due on ${nextRun}. Deleting it cancels that run and every later one.`;

/** 001 §5 "Template name required". */
export const TEMPLATE_NAME_REQUIRED = "Template name required";

/**
 * 'Create New Survey' (001 §5: the workspace on Slack-type, the group on Teams-type, required).
 * One field named as the reports' query parameter names it.
 */
export const NewSurveySchema = z.object({
  workspaceOrChannelId: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(100),
});
export type NewSurveyForm = z.infer<typeof NewSurveySchema>;

/** Who sees a custom template (001 §2): everyone, workspace (group) admins, or the super admin only. */
export const TEMPLATE_VISIBILITIES = ["everyone", "workspaceAdmins", "superAdmin"] as const;
export type TemplateVisibility = (typeof TEMPLATE_VISIBILITIES)[number];

export function visibilityOf(flags: { visibleToEveryone: boolean; visibleToWorkspaceAdmin: boolean }): TemplateVisibility {
  return flags.visibleToEveryone ? "everyone" : flags.visibleToWorkspaceAdmin ? "workspaceAdmins" : "superAdmin";
}

export function flagsOf(visibility: TemplateVisibility) {
  return { visibleToEveryone: visibility === "everyone", visibleToWorkspaceAdmin: visibility !== "superAdmin" };
}

export const TemplateDetailsSchema = z.object({
  title: z.string({ error: TEMPLATE_NAME_REQUIRED }).trim().min(1, TEMPLATE_NAME_REQUIRED).max(200, "Use at most 200 characters."),
  desc: z.string().trim().max(2000, "Use at most 2000 characters.").default(""),
  visibility: z.enum(TEMPLATE_VISIBILITIES, { error: REQUIRED }),
});
export type TemplateDetailsForm = z.infer<typeof TemplateDetailsSchema>;

const Id = z.string({ error: REQUIRED }).min(1, REQUIRED).max(100);

/** A row's actions: duplicate, and delete in two steps (initialCheck "true" first, then "false"). */
export const RowActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("duplicate"), id: Id }),
  z.object({ intent: z.literal("delete"), id: Id, initialCheck: z.enum(["true", "false"]).default("true") }),
]);
