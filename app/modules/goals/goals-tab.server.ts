import type { ProfileTabArgs } from "~/modules/profile/tab-args";

/** The profile's Goals tab (002 §2.7). (Being built.) */
export type GoalsTabData = null;

export async function loadGoalsTab(_args: ProfileTabArgs): Promise<GoalsTabData> {
  return null;
}
