import { z } from "zod";

/** The chat platforms a person signs in with (002 §9: slack, msteams). */
export const PLATFORMS = ["slack", "msteams"] as const;
export type SignInPlatform = (typeof PLATFORMS)[number];
export const PlatformSchema = z.enum(PLATFORMS);

export const PLATFORM_LABELS: Record<SignInPlatform, string> = {
  slack: "Slack",
  msteams: "Microsoft Teams",
};

const required = (message = "Required") => z.string({ error: message }).trim().min(1, message);

/** Demo sign-in lists companies up to this size in full; bigger ones (the benchmark) show admins and search results. */
export const DEV_SIGN_IN_FULL_LIST_LIMIT = 60;
export const DEV_SIGN_IN_SEARCH_LIMIT = 50;

/** Demo sign-in: one field, the e-mail of a seeded person. */
export const DevSignInSchema = z.object({
  email: required("Enter the e-mail of a demo person").pipe(z.email("Enter a valid e-mail address")),
});

/** Select Primary Workspace: the hidden sign-in token and authorization, and the chosen workspace. */
export const SelectWorkspaceSchema = z.object({
  idToken: required(),
  authorization: required(),
  workspaceId: required("Choose a workspace"),
});
