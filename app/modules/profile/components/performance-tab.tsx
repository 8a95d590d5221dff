import { copy } from "~/lib/copy";
import type { ProfilePageData } from "../profile-page-data";
import type { PerformanceTabData } from "../performance-tab.server";
import { EmptyState } from "~/ui/empty-state";

export function PerformanceTabView({ data }: { data: ProfilePageData; performance: PerformanceTabData }) {
  const tab = data.tabs.find((t) => t.id === data.activeTab)!;
  return <EmptyState icon="analytics" title={copy(data.platform).notYetAvailable(tab.label)} description={tab.upcoming} />;
}
