import type { ProfileTabArgs } from "~/modules/profile/tab-args";

export type PersonalInsightsTab = null;

export async function loadPersonalInsightsTab(_args: ProfileTabArgs): Promise<PersonalInsightsTab> {
  return null;
}
