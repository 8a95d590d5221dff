import { Link } from "@remix-run/react";
import { sharedCopy } from "~/lib/copy";

/**
 * The tab bar of a page that has a Feedback Insights view beside another (a department's or
 * group's Members, the analytics' Overview and Leader Board): plain links, the open one marked.
 */
export function PageTabs({ label, tabs }: { label: string; tabs: Array<{ label: string; to: string; current: boolean }> }) {
  return (
    <nav aria-label={label} className="mb-6 border-b border-slate-200">
      <ul className="-mb-px flex gap-6 overflow-x-auto">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Link
              to={tab.to}
              aria-current={tab.current ? "page" : undefined}
              preventScrollReset
              className={`inline-block whitespace-nowrap border-b-2 px-1 pb-3 pt-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 ${
                tab.current ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-700"
              }`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Members | Feedback Insights of a department or group page at `base`. */
export function MembersInsightsTabs({ base, current, name }: { base: string; current: "members" | "insights"; name: string }) {
  return (
    <PageTabs
      label={`${name} tabs`}
      tabs={[
        { label: sharedCopy.insights.membersTab, to: base, current: current === "members" },
        { label: sharedCopy.insights.title, to: `${base}/feedback-insights`, current: current === "insights" },
      ]}
    />
  );
}
