import type { ProfileTabArgs } from "./tab-args";

export type ObjectivesTabData = null;

export async function loadObjectivesTab(_args: ProfileTabArgs): Promise<ObjectivesTabData> {
  return null;
}
