import { loadGoalsTab, type GoalsTabData } from "~/modules/goals/goals-tab.server";
import { loadPersonalInsightsTab, type PersonalInsightsTab } from "~/modules/insights/personal-tab.server";
import type { ProfileTabId } from "~/modules/org/profile-tabs";
import { loadFeedbackTab, type FeedbackTabData } from "./feedback-tab.server";
import { loadObjectivesTab, type ObjectivesTabData } from "./objectives-tab.server";
import { loadPerformanceTab, type PerformanceTabData } from "./performance-tab.server";
import { loadReviewsTab, type ReviewsTabData } from "./reviews-tab.server";
import type { ProfileTabArgs } from "./tab-args";

export type { ProfileTabArgs };

export type ProfileTabData =
  | { tab: "feedback-insights"; insights: PersonalInsightsTab }
  | { tab: "feedback"; feedback: FeedbackTabData }
  | { tab: "performance"; performance: PerformanceTabData }
  | { tab: "reviews"; reviews: ReviewsTabData }
  | { tab: "objectives"; objectives: ObjectivesTabData }
  | { tab: "goals"; goals: GoalsTabData };

/** The open tab's own data: one loader per tab, each in its own file. */
export async function loadProfileTab(tab: ProfileTabId, args: ProfileTabArgs): Promise<ProfileTabData> {
  switch (tab) {
    case "feedback-insights":
      return { tab, insights: await loadPersonalInsightsTab(args) };
    case "feedback":
      return { tab, feedback: await loadFeedbackTab(args) };
    case "performance":
      return { tab, performance: await loadPerformanceTab(args) };
    case "reviews":
      return { tab, reviews: await loadReviewsTab(args) };
    case "objectives":
      return { tab, objectives: await loadObjectivesTab(args) };
    case "goals":
      return { tab, goals: await loadGoalsTab(args) };
  }
}
