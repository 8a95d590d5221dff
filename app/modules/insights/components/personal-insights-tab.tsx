import type { ProfilePageData } from "~/modules/profile/profile-page-data";
import type { PersonalInsightsTab } from "../personal-tab.server";
import { InsightsCard } from "./insights-card";

/** A profile's Feedback Insights tab: the personal insights card (002 §2.5). */
export function PersonalInsightsTabView({ data, insights }: { data: ProfilePageData; insights: PersonalInsightsTab }) {
  return <InsightsCard platform={data.platform} action={`${data.basePath}/feedback-insights`} card={insights} />;
}
