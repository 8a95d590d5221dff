import { copy } from "~/lib/copy";
import type { ProfilePageData } from "../profile-page-data";
import type { ReviewsTabData } from "../reviews-tab.server";
import { EmptyState } from "~/ui/empty-state";

export function ReviewsTabView({ data }: { data: ProfilePageData; reviews: ReviewsTabData }) {
  const tab = data.tabs.find((t) => t.id === data.activeTab)!;
  return <EmptyState icon="analytics" title={copy(data.platform).notYetAvailable(tab.label)} description={tab.upcoming} />;
}
