import { copy } from "~/lib/copy";
import type { ProfilePageData } from "../profile-page-data";
import type { FeedbackTabData } from "../feedback-tab.server";
import { EmptyState } from "~/ui/empty-state";

export function FeedbackTabView({ data }: { data: ProfilePageData; feedback: FeedbackTabData }) {
  const tab = data.tabs.find((t) => t.id === data.activeTab)!;
  return <EmptyState icon="analytics" title={copy(data.platform).notYetAvailable(tab.label)} description={tab.upcoming} />;
}
