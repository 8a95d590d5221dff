/**
 * Who sees a custom feedback template (002 §6 "Template visibility: everyone, admins, superAdmin"):
 * the super admin sees every one; a team (workspace or group) admin those for everyone or admins;
 * anyone else those for everyone. Stored as two flags, as 002 §3 names them.
 */

export const FEEDBACK_TEMPLATE_VISIBILITIES = ["everyone", "admins", "superAdmin"] as const;
export type FeedbackTemplateVisibility = (typeof FEEDBACK_TEMPLATE_VISIBILITIES)[number];

export interface TemplateVisibilityFlags {
  visibleToEveryone: boolean;
  visibleToTeamAdmin: boolean;
}

export function mayViewFeedbackTemplate(
  viewer: { user: { isSuperAdmin: boolean; isTeamAdmin: boolean } },
  template: TemplateVisibilityFlags
): boolean {
  return viewer.user.isSuperAdmin || template.visibleToEveryone || (viewer.user.isTeamAdmin && template.visibleToTeamAdmin);
}

export function visibilityOfTemplate(flags: TemplateVisibilityFlags): FeedbackTemplateVisibility {
  return flags.visibleToEveryone ? "everyone" : flags.visibleToTeamAdmin ? "admins" : "superAdmin";
}

/** "Everyone" sets both flags (team admins are among everyone); "Super admin only" neither. */
export function templateVisibilityFlags(visibility: FeedbackTemplateVisibility): TemplateVisibilityFlags {
  return { visibleToEveryone: visibility === "everyone", visibleToTeamAdmin: visibility !== "superAdmin" };
}
