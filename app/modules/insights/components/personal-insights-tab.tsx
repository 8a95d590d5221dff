import { copy } from "~/lib/copy";
import type { ProfilePageData } from "~/modules/profile/profile-page-data";
import type { PersonalInsightsTab } from "../personal-tab.server";
import { EmptyState } from "~/ui/empty-state";

export function PersonalInsightsTabView({ data }: { data: ProfilePageData; insights: PersonalInsightsTab }) {
  const tab = data.tabs.find((t) => t.id === data.activeTab)!;
  return <EmptyState icon="analytics" title={copy(data.platform).notYetAvailable(tab.label)} description={tab.upcoming} />;
}
