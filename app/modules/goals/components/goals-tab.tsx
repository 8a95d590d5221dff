import type { ProfilePageData } from "~/modules/profile/profile-page-data";
import type { GoalsTabData } from "../goals-tab.server";

/** The Goals card of a profile (002 §2.7). (Being built.) */
export function GoalsTabView(_props: { data: ProfilePageData; goals: GoalsTabData }) {
  return <p className="text-sm text-slate-600">No goals set!</p>;
}
