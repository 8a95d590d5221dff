import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { oneOnOnesCopy as t } from "~/lib/copy";
import { AssistantPanel } from "~/modules/ai/components/assistant-panel";
import { Button } from "~/ui/button";
import { utcDateTime, utcDay } from "~/ui/format";
import type { MeetingPageData } from "../detail.server";
import { CraftLink } from "./craft-link";
import { NotesCard } from "./notes-card";
import { PrepSurvey } from "./prep-survey";
import { StateBadge } from "./state-badge";

export type MeetingActionData = { intent: string; result?: SubmissionResult<string[]>; error?: string };

const CARD = "rounded-lg border border-slate-200 bg-white p-5 shadow-sm";

/** /one-on-ones/:oneOnOneId (001 §2): the meeting's cards, its prep survey and notes, and the AI Assistant panel. */
export function OneOnOnePage() {
  const d = useLoaderData<MeetingPageData>();
  const action = useActionData<MeetingActionData>();
  const of = (intent: string) => (action?.intent === intent ? action : undefined);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <Link to="/one-on-ones" className="rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900" aria-label={t.back} data-back>
            <span aria-hidden="true" className="text-xl">
              ←
            </span>
          </Link>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{d.reviewee.name}</h1>
        </div>
        {d.mayClose ? (
          <Form method="post">
            <input type="hidden" name="intent" value="close" />
            <input type="hidden" name="requestId" value={d.requestId} />
            <Button type="submit" variant="secondary">
              {t.closeMeeting}
            </Button>
          </Form>
        ) : null}
      </div>
      {of("close")?.error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {of("close")!.error}
        </p>
      ) : null}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_320px] 2xl:grid-cols-[minmax(0,1fr)_420px]">
        <div className="min-w-0 space-y-6">
          {d.aiFeedback ? <AiFeedbackCard f={d.aiFeedback} /> : null}
          <div className="grid gap-6 lg:grid-cols-2">
            <ObjectivesCard d={d} />
            {d.goals ? <GoalsCard goals={d.goals} /> : null}
            <DetailsCard d={d} />
          </div>
          <PrepSurvey blocks={d.blocks} sides={d.sides} requestId={d.requestId} lastResult={of("prep")?.result} refusal={of("prep")?.error} />
          {/* A fresh load (after a save) starts the card again in view mode. */}
          <NotesCard
            key={d.requestId}
            meetingId={d.id}
            notes={d.notes}
            sharedNotesOf={d.sharedNotesOf}
            requestId={d.requestId}
            lastResult={of("notes")?.result}
            refusal={of("notes")?.error}
          />
        </div>
        {d.assistant ? (
          <div className="xl:sticky xl:top-4 xl:self-start">
            <AssistantPanel {...d.assistant} />
          </div>
        ) : null}
      </div>
    </div>
  );
}

function AiFeedbackCard({ f }: { f: NonNullable<MeetingPageData["aiFeedback"]> }) {
  const word = (v: string | null) => (v ? v.charAt(0).toUpperCase() + v.slice(1) : t.noFigure);
  return (
    <section aria-labelledby="ai-feedback-title" className={CARD} data-card="ai-feedback">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id="ai-feedback-title" className="text-base font-semibold text-slate-900">
            {t.aiFeedbackTitle}
          </h2>
          {!f.isSubmitted ? <p className="text-xs text-slate-500">{t.draft}</p> : null}
        </div>
        <div className="text-right">
          <p className="text-xs text-slate-500">{t.aiScore}</p>
          <p className="text-2xl font-semibold text-slate-900" data-stat="aiScore">
            {t.aiScoreOutOf(f.aiScore)}
          </p>
        </div>
      </div>
      <p className="mt-3 whitespace-pre-wrap text-sm text-slate-800">{f.userFeedback}</p>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-500">{t.specificity}</dt>
          <dd className="font-semibold" data-stat="specificity">{`${f.specificityScore}%`}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t.actionability}</dt>
          <dd className="font-semibold" data-stat="actionability">{`${f.actionabilityScore}%`}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t.tone}</dt>
          <dd className="font-semibold">{word(f.toneCategory)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t.focus}</dt>
          <dd className="font-semibold">{word(f.focusCategory)}</dd>
        </div>
      </dl>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">{t.strengths}</dt>
          <dd>{f.strengths.join(", ") || t.noFigure}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t.developmentAreas}</dt>
          <dd>{f.developmentAreas.join(", ") || t.noFigure}</dd>
        </div>
      </dl>
      {f.editHref ? (
        <div className="mt-4">
          <CraftLink to={f.editHref} className="text-sm font-medium text-indigo-700 hover:underline">
            {t.edit}
          </CraftLink>
        </div>
      ) : null}
    </section>
  );
}

function ObjectivesCard({ d }: { d: MeetingPageData }) {
  const title = d.platform === "slack" ? t.objectivesTitle : t.goalsTitleTeams;
  return (
    <section aria-labelledby="objectives-title" className={CARD} data-card="objectives">
      <h2 id="objectives-title" className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {d.objectives.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t.noObjectives}</p>
      ) : (
        <ul className="mt-3 space-y-4">
          {d.objectives.map((o) => (
            <li key={o.id}>
              <h3 className="text-sm font-semibold text-slate-900">{o.name}</h3>
              {o.description ? <p className="text-sm text-slate-600">{o.description}</p> : null}
              {o.keyResults.length ? (
                <>
                  <p className="mt-2 text-xs font-medium uppercase tracking-wide text-slate-500">{t.kpis}</p>
                  <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
                    {o.keyResults.map((k) => (
                      <li key={k.id}>{k.description || k.name}</li>
                    ))}
                  </ul>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function GoalsCard({ goals }: { goals: NonNullable<MeetingPageData["goals"]> }) {
  return (
    <section aria-labelledby="goals-title" className={CARD} data-card="goals">
      <h2 id="goals-title" className="text-base font-semibold text-slate-900">
        {t.goalsTitle}
      </h2>
      {goals.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t.noGoals}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {goals.map((g) => (
            <li key={g.id}>
              <h3 className="text-sm font-semibold text-slate-900">{g.name}</h3>
              {g.description ? <p className="text-sm text-slate-600">{g.description}</p> : null}
              <p className="text-xs text-slate-500">{utcDay(Date.parse(g.deadline))}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DetailsCard({ d }: { d: MeetingPageData }) {
  const row = (label: string, value: React.ReactNode, key: string) => (
    <div className="flex justify-between gap-3 py-1.5 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right text-slate-900" data-detail={key}>
        {value}
      </dd>
    </div>
  );
  return (
    <section aria-labelledby="details-title" className={CARD} data-card="details">
      <h2 id="details-title" className="text-base font-semibold text-slate-900">
        {t.detailsTitle}
      </h2>
      <dl className="mt-2 divide-y divide-slate-100">
        {row(t.detailsMeetingBy, d.reviewer.name, "meetingBy")}
        {row(t.detailsScheduledOn, d.date === null ? t.notScheduled : utcDateTime(d.date), "scheduledOn")}
        {row(t.detailsRepeats, d.repeats, "repeats")}
        {row(t.detailsStatus, <StateBadge state={d.state} />, "status")}
      </dl>
    </section>
  );
}
