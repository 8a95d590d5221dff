import type { SubmissionResult } from "@conform-to/react";
import { Form, useActionData } from "@remix-run/react";
import { copy, objectivesCopy } from "~/lib/copy";
import { Button } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { utcDay } from "~/ui/format";
import type { ObjectivesTabData } from "../objectives-tab.server";
import type { ProfilePageData } from "../profile-page-data";

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;

/**
 * The Objectives tab: the person's objectives in their active campaign (weight, kind, progress,
 * key results or KPIs with target and actual) and the set's state; the manager or a reviews admin
 * approves a submitted set here.
 */
export function ObjectivesTabView({ data, objectives }: { data: ProfilePageData; objectives: ObjectivesTabData }) {
  const words = copy(data.platform);
  const reply = useActionData() as { result?: SubmissionResult<string[]> } | undefined;
  const errors = reply?.result?.error?.[""];
  if (!objectives.visible) {
    return <EmptyState icon="objectives" title={words.noObjectives} description={objectivesCopy.hiddenFromViewer} />;
  }
  const { campaign, set } = objectives;
  if (!campaign || !set || set.objectives.length === 0) {
    return <EmptyState icon="objectives" title={words.noObjectives} description={campaign ? undefined : objectivesCopy.noActiveCampaign} />;
  }
  return (
    <div className="space-y-4">
      <section aria-label={campaign.title} className="flex flex-wrap items-center gap-6 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <div className="min-w-0">
          <p className="text-base font-semibold text-slate-900">{campaign.title}</p>
          <p className="text-xs text-slate-500">{objectivesCopy.dates(utcDay(campaign.startAt), utcDay(campaign.endAt))}</p>
        </div>
        <p className="text-sm">
          <span className="text-slate-500">{objectivesCopy.stateLabel}: </span>
          <span className="font-medium text-slate-900" data-participant-state={campaign.state}>
            {objectivesCopy.states[campaign.state]}
          </span>
        </p>
        <p className="text-sm">
          <span className="text-slate-500">{objectivesCopy.overallProgress}: </span>
          <span className="font-medium text-slate-900">{percent(set.progress)}</span>
        </p>
        {objectives.mayApprove ? (
          <Form method="post" className="ml-auto">
            <input type="hidden" name="intent" value="approveObjectives" />
            <input type="hidden" name="requestId" value={objectives.requestId} />
            <input type="hidden" name="campaignId" value={campaign.id} />
            <Button type="submit">{objectivesCopy.approve}</Button>
          </Form>
        ) : null}
      </section>
      {errors && errors.length > 0 ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {errors.join(" ")}
        </p>
      ) : null}
      <ul className="space-y-4" aria-label={words.objectivesList}>
        {set.objectives.map((o) => (
          <li key={o.id} data-objective-id={o.id} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h2 className="text-base font-semibold text-slate-900">{o.name}</h2>
                {o.description ? <p className="mt-0.5 text-sm text-slate-600">{o.description}</p> : null}
              </div>
              <p className="text-sm text-slate-700">
                {words.objectiveWeight} <span data-objective-weight="">{o.weight}%</span> · {o.kind === "okr" ? words.objectiveOkr : words.objectivePerformanceContract} ·{" "}
                {objectivesCopy.progress} {percent(o.progress)}
              </p>
            </div>
            {o.keyResults.length > 0 ? (
              <ul className="mt-3 divide-y divide-slate-100 text-sm" aria-label={o.kind === "okr" ? objectivesCopy.keyResults : objectivesCopy.kpis}>
                {o.keyResults.map((k) => (
                  <li key={k.id} className="flex flex-wrap justify-between gap-2 py-2">
                    <span className="font-medium text-slate-900">{k.name}</span>
                    <span className="text-slate-600">
                      {k.target !== null ? `${objectivesCopy.target} ${k.target}${k.unit ? ` ${k.unit}` : ""} · ` : ""}
                      {objectivesCopy.actual} {k.actual ?? "—"} · {percent(k.progress)}
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
