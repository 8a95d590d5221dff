import { Suspense } from "react";
import { Link } from "@remix-run/react";
import { copy } from "~/lib/copy";
import { PersonalInsightsTabView } from "~/modules/insights/components/personal-insights-tab";
import type { ProfileTab } from "~/modules/org/profile-tabs";
import type { ProfilePageData } from "../profile-page-data";
import { EmptyState } from "~/ui/empty-state";
import { FeedbackTabView } from "./feedback-tab";
import { GoalsTabView } from "~/modules/goals/components/goals-tab-entry";
import { ObjectivesTabView } from "./objectives-tab";
import { PerformanceTabView } from "./performance-tab";
import { ProfileHeader } from "./profile-header";
import { ProfileChatLauncher, showsProfileChat } from "~/modules/ai/components/profile-chat-launcher";
import { ReviewsTabView } from "./reviews-tab";

/** A person's profile: header, tab bar and the open tab (002 §2.6). */
export function ProfilePage({ data }: { data: ProfilePageData }) {
  const active = data.tabs.find((tab) => tab.id === data.activeTab) ?? data.tabs[0];
  return (
    <div className="space-y-6">
      <ProfileHeader data={data} />
      <div>
        <nav aria-label="Profile tabs" className="border-b border-slate-200">
          <ul className="-mb-px flex gap-6 overflow-x-auto">
            {data.tabs.map((tab) => {
              const current = tab.id === active.id;
              return (
                <li key={tab.id}>
                  <Link
                    to={`${data.basePath}/${tab.id}`}
                    aria-current={current ? "page" : undefined}
                    preventScrollReset
                    className={`inline-block whitespace-nowrap border-b-2 px-1 pb-3 pt-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 ${
                      current ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-700"
                    }`}
                  >
                    {tab.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <section aria-label={active.label} className="pt-6">
          <TabBody data={data} active={active} />
        </section>
      </div>
      {showsProfileChat(data.permissions, data.basePath) ? <ProfileChatLauncher platform={data.platform} personId={data.person.id} /> : null}
    </div>
  );
}

function TabBody({ data, active }: { data: ProfilePageData; active: ProfileTab }) {
  const tab = data.tabData;
  switch (tab.tab) {
    case "feedback-insights":
      return <PersonalInsightsTabView data={data} insights={tab.insights} />;
    case "feedback":
      return <FeedbackTabView data={data} feedback={tab.feedback} />;
    case "performance":
      return <PerformanceTabView data={data} performance={tab.performance} />;
    case "reviews":
      return <ReviewsTabView data={data} reviews={tab.reviews} />;
    case "objectives":
      return <ObjectivesTabView data={data} objectives={tab.objectives} />;
    case "goals":
      return (
        <Suspense fallback={null}>
          <GoalsTabView data={data} goals={tab.goals} />
        </Suspense>
      );
  }
}
