import { copy } from "~/lib/copy";
import { EmptyState } from "~/ui/empty-state";
import type { ObjectivesTabData } from "../objectives-tab.server";
import type { ProfilePageData } from "../profile-page-data";

/** The Objectives tab: the person's objectives, read-only (name, weight, kind and key values). */
export function ObjectivesTabView({ data, objectives }: { data: ProfilePageData; objectives: ObjectivesTabData }) {
  const words = copy(data.platform);
  if (objectives.objectives.length === 0) {
    return <EmptyState icon="analytics" title={words.noObjectives} description={words.noObjectivesHint} />;
  }
  return (
    <div className="space-y-4">
      <ul className="space-y-4" aria-label={words.objectivesList}>
        {objectives.objectives.map((o) => (
          <li key={o.id} data-objective-id={o.id} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h2 className="text-base font-semibold text-slate-900">{o.name}</h2>
                {o.description ? <p className="mt-0.5 text-sm text-slate-600">{o.description}</p> : null}
              </div>
              <dl className="flex gap-4 text-sm">
                <div>
                  <dt className="text-xs font-semibold uppercase tracking-wider text-slate-500">{words.objectiveWeight}</dt>
                  <dd className="mt-0.5 font-medium text-slate-900" data-objective-weight="">
                    {o.weight}%
                  </dd>
                </div>
                <div>
                  <dt className="text-xs font-semibold uppercase tracking-wider text-slate-500">{words.objectiveKind}</dt>
                  <dd className="mt-0.5 font-medium text-slate-900" data-objective-kind="">
                    {o.kind === "okr" ? words.objectiveOkr : words.objectivePerformanceContract}
                  </dd>
                </div>
              </dl>
            </div>
            <h3 className="mt-4 text-xs font-semibold uppercase tracking-wider text-slate-500">{words.keyValues}</h3>
            {o.keyValues.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">{words.noKeyValues}</p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200">
                {o.keyValues.map((k, i) => (
                  <li key={i} data-key-value="" className="flex flex-wrap items-baseline justify-between gap-2 px-3 py-2 text-sm">
                    <span className="font-medium text-slate-900">{k.name}</span>
                    <span className="text-slate-600">{[k.target, k.period].filter(Boolean).join(" · ")}</span>
                    {k.description ? <span className="w-full text-xs text-slate-500">{k.description}</span> : null}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {objectives.more ? <p className="text-xs text-slate-500">{words.moreObjectives}</p> : null}
    </div>
  );
}
