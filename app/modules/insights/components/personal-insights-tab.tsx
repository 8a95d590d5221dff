import { copy } from "~/lib/copy";
import type { ProfilePageData } from "~/modules/profile/profile-page-data";
import { EmptyState } from "~/ui/empty-state";
import type { PersonalInsightsTab } from "../personal-tab.server";
import { InsightsCardFrame, Treemaps } from "./insights-card";
import { InsightsFiltersForm } from "./insights-filters";
import { StatTiles } from "./insights-tiles";
import { everyFigureZero, PERSONAL_TILES, tileHref } from "./insights-view";

/**
 * A profile's Feedback Insights tab: the personal insights card (002 §2.5) with its filters,
 * Download as PDF, tiles and treemaps whose tiles open the person's Feedback tab; or, for a viewer
 * who may not read them, the sentence saying who may.
 */
export function PersonalInsightsTabView({ data, insights: card }: { data: ProfilePageData; insights: PersonalInsightsTab }) {
  const words = copy(data.platform);
  if (card.kind === "not-shared") {
    return (
      <InsightsCardFrame words={words} kind={card.kind}>
        <p className="text-sm text-slate-600" data-insights-not-shared>
          {words.insights.notShared(card.name)}
        </p>
      </InsightsCardFrame>
    );
  }
  const { overview, charts } = card.insights;
  const range = { startDate: card.filters.startDate, endDate: card.rangeEnd };
  return (
    <InsightsCardFrame words={words} kind={card.kind} downloadQuery={card.query}>
      <InsightsFiltersForm words={words} action={`${card.basePath}/feedback-insights`} filters={card.filters} showScope={false} />
      {everyFigureZero(overview, charts) ? (
        <EmptyState icon="analytics" title={words.noFeedbackAnalytics} />
      ) : (
        <>
          <StatTiles label={words.insights.overviewLabel} fields={PERSONAL_TILES} names={words.insights.personalTiles} overview={overview} />
          <Treemaps words={words} charts={charts} href={(item) => tileHref(card.basePath, item, range)} />
        </>
      )}
    </InsightsCardFrame>
  );
}
