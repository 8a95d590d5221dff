import { copy } from "~/lib/copy";
import type { ProfilePageData } from "../profile-page-data";
import type { ObjectivesTabData } from "../objectives-tab.server";
import { EmptyState } from "~/ui/empty-state";

export function ObjectivesTabView({ data }: { data: ProfilePageData; objectives: ObjectivesTabData }) {
  const tab = data.tabs.find((t) => t.id === data.activeTab)!;
  return <EmptyState icon="analytics" title={copy(data.platform).notYetAvailable(tab.label)} description={tab.upcoming} />;
}
