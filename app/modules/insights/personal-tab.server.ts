import type { ProfileTabArgs } from "~/modules/profile/tab-args";
import type { InsightsCardData } from "./components/insights-view";
import { dayString, parseInsightsFilters, rangeEnd } from "./filters";
import { mayReadPersonalInsights, personalInsights } from "./insights.server";

/** A profile's Feedback Insights tab: the card's data, or the sentence when the viewer may not read them. */
export type PersonalInsightsTab = Extract<InsightsCardData, { kind: "personal" | "not-shared" }>;

/**
 * The person, their managers and whoever reads every person see the figures (the rule is
 * app/modules/access/insights.server.ts); anyone else who may open the profile gets the card's
 * explanation and no figure is read.
 */
export async function loadPersonalInsightsTab(args: ProfileTabArgs): Promise<PersonalInsightsTab> {
  const { context, viewer, person, url } = args;
  if (!(await mayReadPersonalInsights(context.db, viewer, person.id))) return { kind: "not-shared", name: person.name };
  const today = dayString(new Date());
  const filters = parseInsightsFilters(url.searchParams, { kind: "personalInsights", platform: viewer.company.platform, today });
  return {
    kind: "personal",
    filters,
    rangeEnd: rangeEnd(filters, today),
    query: url.searchParams.toString(),
    basePath: args.basePath,
    insights: await personalInsights(context.db, viewer, person.id, filters, today),
  };
}
