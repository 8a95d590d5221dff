import { useForm, getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { objectivesCopy as words } from "~/lib/copy";
import { Button, ButtonLink } from "~/ui/button";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { EmptyState } from "~/ui/empty-state";
import { FieldError, INPUT_CLASS } from "~/ui/form-fields";
import { utcDay } from "~/ui/format";
import { PageHeader } from "~/ui/page-header";
import { useHydrated } from "~/ui/use-hydrated";
import { okrPageSchema } from "../objective.schema";
import type { ObjectiveKind } from "../objective-types";
import type { OkrPageData } from "../okr-actions.server";
import type { CheckInView, KeyResultView, ObjectiveView } from "../okr-page.server";

type Reply = { result?: SubmissionResult<string[]>; ok?: boolean } | undefined;

const PAGES: Array<{ kind: ObjectiveKind; path: string; label: string }> = [
  { kind: "okr", path: "/objective-campaign/okr", label: words.okrTitle },
  { kind: "performance-contract", path: "/objective-campaign/performance-contract", label: words.performanceContractTitle },
];

/** Blank rows the objective form offers without JavaScript (with it, Add adds one at a time). */
const BLANK_ROWS = 2;
/** 001 §9: the KPI actual saves itself this long after typing stops. */
const ACTUAL_DEBOUNCE_MS = 500;

/** The newest check-ins listed under the chart (the chart draws all the page reads). */
const LISTED_CHECK_INS = 8;

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;

/**
 * The OKR and performance-contract pages (001 §2, §3): the person's active campaign and their
 * objectives of the page's kind, with key results or KPIs, progress, actuals and check-ins.
 */
export function OkrPage({ data }: { data: OkrPageData }) {
  const page = PAGES.find((p) => p.kind === data.kind)!;
  const reply = useActionData() as Reply;
  const here = page.path;
  const mine = data.set?.objectives.filter((o) => o.kind === data.kind) ?? [];
  const dialog = data.dialog;
  const open = dialog && dialog.kind !== "new" ? mine.find((o) => o.id === dialog.objectiveId) ?? null : null;
  const pageErrors = reply?.result?.error?.[""];
  return (
    <div>
      <PageHeader
        title={page.label}
        description={data.campaign ? `${data.campaign.title} · ${words.dates(utcDay(data.campaign.startAt), utcDay(data.campaign.endAt))}` : undefined}
        actions={
          data.campaign && data.editable && !dialog ? (
            <ButtonLink to={`${here}?objective=new`} preventScrollReset>
              {words.addObjective}
            </ButtonLink>
          ) : null
        }
      />
      <nav aria-label="Objectives" className="mb-6 flex gap-4 border-b border-slate-200">
        {PAGES.map((p) => (
          <Link
            key={p.kind}
            to={p.path}
            aria-current={p.kind === data.kind ? "page" : undefined}
            className={`-mb-px border-b-2 px-1 pb-2 text-sm font-medium ${p.kind === data.kind ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}
          >
            {p.label}
          </Link>
        ))}
      </nav>
      {!data.campaign || !data.set ? (
        <EmptyState icon="objectives" title={words.noActiveCampaign} description={words.noActiveCampaignHint} />
      ) : (
        <>
          {pageErrors && pageErrors.length > 0 && !dialog ? (
            <p role="alert" className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
              {pageErrors.join(" ")}
            </p>
          ) : null}
          <CampaignSummary data={data} />
          {dialog?.kind === "delete" && open ? (
            <ConfirmPanel
              id="objective-delete"
              title={words.deleteObjective}
              fields={{ intent: "deleteObjective", requestId: data.requestId, objectiveId: open.id }}
              cancelTo={here}
              confirmLabel={words.deleteObjective}
            >
              {words.deleteObjectiveConfirm(open.name)}
            </ConfirmPanel>
          ) : null}
          {dialog && dialog.kind !== "delete" ? (
            <ObjectiveForm key={dialog.kind === "edit" ? dialog.objectiveId : "new"} data={data} here={here} objective={open} reply={reply} />
          ) : null}
          {mine.length === 0 ? (
            <EmptyState icon="objectives" title={words.noObjectives} description={words.noObjectivesHint} />
          ) : (
            <ul className="space-y-4" aria-label={page.label}>
              {mine.map((o) => (
                <ObjectiveCard key={o.id} objective={o} data={data} here={here} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

function CampaignSummary({ data }: { data: OkrPageData }) {
  const set = data.set!;
  const campaign = data.campaign!;
  return (
    <section aria-label={campaign.title} className="mb-6 flex flex-wrap items-center gap-6 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <div>
        <p className="text-xs font-semibold uppercase tracking-wider text-slate-500">{words.stateLabel}</p>
        <p className="mt-1 text-sm font-medium text-slate-900" data-participant-state={campaign.state}>
          {words.states[campaign.state]}
        </p>
      </div>
      <div>
        <p className="text-xs font-semibold uppercase tracking-wider text-slate-500">{words.overallProgress}</p>
        <p className="mt-1 text-sm font-medium text-slate-900">{percent(set.progress)}</p>
      </div>
      <div>
        <p className="text-xs font-semibold uppercase tracking-wider text-slate-500">{words.weight}</p>
        <p className={`mt-1 text-sm font-medium ${set.weightTotal === 100 ? "text-slate-900" : "text-amber-700"}`}>{words.weightTotal(set.weightTotal)}</p>
      </div>
      <div className="ml-auto">
        {campaign.state === "pending" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="submitObjectives" />
            <input type="hidden" name="requestId" value={data.requestId} />
            <Button type="submit">{words.submitForApproval}</Button>
          </Form>
        ) : campaign.state === "approved" ? (
          <p className="max-w-xs text-sm text-slate-600">{words.readOnly}</p>
        ) : null}
      </div>
    </section>
  );
}

function ObjectiveCard({ objective, data, here }: { objective: ObjectiveView; data: OkrPageData; here: string }) {
  const link = "text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600";
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-objective={objective.name}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900">{objective.name}</h2>
          {objective.description ? <p className="mt-1 text-sm text-slate-600">{objective.description}</p> : null}
          <p className="mt-1 text-xs text-slate-500">
            {words.weight} {objective.weight}% · {words.progress} {percent(objective.progress)}
          </p>
        </div>
        {data.editable ? (
          <div className="flex gap-4">
            <Link className={link} preventScrollReset to={`${here}?objective=${encodeURIComponent(objective.id)}&objectiveAction=edit`} aria-label={`${words.editObjective}: ${objective.name}`}>
              {words.editObjective}
            </Link>
            <Link className={`${link} text-red-700`} preventScrollReset to={`${here}?objective=${encodeURIComponent(objective.id)}&objectiveAction=delete`} aria-label={`${words.deleteObjective}: ${objective.name}`}>
              {words.deleteObjective}
            </Link>
          </div>
        ) : null}
      </div>
      <div className="mt-2 h-1.5 w-full overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div className="h-full bg-indigo-500" style={{ width: percent(objective.progress) }} />
      </div>
      {objective.keyResults.length > 0 ? (
        <ul className="mt-4 divide-y divide-slate-100" aria-label={objective.kind === "okr" ? words.keyResults : words.kpis}>
          {objective.keyResults.map((kr) => (
            <KeyResultRow key={kr.id} kr={kr} kind={objective.kind} requestId={data.requestId} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function details(kr: KeyResultView, kind: ObjectiveKind) {
  const parts: string[] = [];
  if (kr.period) parts.push(`${words.period} ${kr.period}`);
  if (kind === "okr" && kr.startValue !== null) parts.push(`${words.startValue} ${kr.startValue}`);
  if (kr.target !== null) parts.push(`${words.target} ${kr.target}${kr.unit ? ` ${kr.unit}` : ""}`);
  if (kind === "okr" && kr.direction) parts.push(kr.direction === "increase" ? words.directionIncrease : words.directionDecrease);
  if (kr.subRole) parts.push(`${words.subRole} ${kr.subRole}`);
  if (kr.client) parts.push(`${words.client} ${kr.client}`);
  if (kr.industry) parts.push(`${words.industry} ${kr.industry}`);
  if (kr.incomeStatement) parts.push(words.incomeStatement);
  return parts.join(" · ");
}

/**
 * One key result: its details, progress, the actual (saved 500 ms after typing stops with
 * JavaScript, by its Save button without) and its check-ins as a small chart with their list.
 */
function KeyResultRow({ kr, kind, requestId }: { kr: KeyResultView; kind: ObjectiveKind; requestId: string }) {
  const fetcher = useFetcher<{ ok: boolean; result?: SubmissionResult<string[]> }>();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [typed, setTyped] = useState(false);
  const inputId = `actual-${kr.id}`;
  const reply = useActionData() as Reply;
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.result?.error?.actual ?? fetcher.data.result?.error?.[""] ?? undefined) : undefined;
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const autosave = () => {
    if (timer.current) clearTimeout(timer.current);
    setTyped(true);
    timer.current = setTimeout(() => {
      const form = formRef.current;
      if (!form) return;
      const body = new FormData(form);
      // Each save is its own change for the single writer.
      body.set("requestId", crypto.randomUUID());
      body.set("autosave", "1");
      fetcher.submit(body, { method: "post" });
    }, ACTUAL_DEBOUNCE_MS);
  };
  const status = fetcher.state !== "idle" ? words.actualSaving : typed && fetcher.data?.ok ? words.actualSaved : "";
  void reply;
  return (
    <li className="kr-row" data-key-result={kr.name}>
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-900">{kr.name}</p>
        {kr.description ? <p className="kr-meta">{kr.description}</p> : null}
        <p className="kr-meta">
          {details(kr, kind)} · {`${words.progress} ${percent(kr.progress)}`}
        </p>
      </div>
      <Form method="post" ref={formRef} className="flex flex-wrap items-end gap-2" preventScrollReset>
        <input type="hidden" name="intent" value="saveActual" />
        <input type="hidden" name="requestId" value={requestId} />
        <input type="hidden" name="keyResultId" value={kr.id} />
        <div>
          <label htmlFor={inputId} className="kr-label">
            {words.actual}
            {kr.incomeStatement ? <span className="text-red-600"> *</span> : null}
          </label>
          <input
            id={inputId}
            name="actual"
            type="number"
            step="0.01"
            required
            defaultValue={kr.actual ?? ""}
            onChange={autosave}
            aria-invalid={errors ? true : undefined}
            aria-describedby={errors ? `${inputId}-error` : undefined}
            className="kr-input w-28"
          />
        </div>
        <div>
          <label htmlFor={`comment-${kr.id}`} className="kr-label">
            {words.comment}
          </label>
          <input id={`comment-${kr.id}`} name="comment" maxLength={1000} onChange={autosave} className="kr-input w-40" />
        </div>
        <button type="submit" className="kr-save">
          {words.saveActual}
        </button>
        <span role="status" aria-live="polite" className="kr-meta">
          {status}
        </span>
        <FieldError id={`${inputId}-error`} errors={errors} />
      </Form>
      <CheckIns checkIns={kr.checkIns} name={kr.name} />
    </li>
  );
}

/** The dated check-ins as a sparkline (drawn on the server, so it needs no script) and their list. */
function CheckIns({ checkIns, name }: { checkIns: CheckInView[]; name: string }) {
  if (checkIns.length === 0) return <p className="text-xs text-slate-500">{words.noCheckIns}</p>;
  const values = checkIns.map((c) => c.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const w = 120;
  const h = 32;
  const x = (i: number) => (checkIns.length === 1 ? w / 2 : (i / (checkIns.length - 1)) * (w - 4) + 2);
  const y = (v: number) => (max === min ? h / 2 : h - 2 - ((v - min) / (max - min)) * (h - 4));
  const points = checkIns.map((c, i) => `${x(i).toFixed(1)},${y(c.value).toFixed(1)}`).join(" ");
  const last = checkIns[checkIns.length - 1];
  return (
    <div className="text-xs">
      <svg width={w} height={h} role="img" aria-label={`${words.checkIns} of ${name}: ${checkIns[0].day} ${checkIns[0].value} to ${last.day} ${last.value}`}>
        <polyline points={points} fill="none" stroke="#4f46e5" strokeWidth="1.5" />
        <circle cx={x(checkIns.length - 1)} cy={y(last.value)} r="2.5" fill="#4f46e5" />
      </svg>
      <details className="mt-1">
        <summary className="cursor-pointer text-indigo-700">
          {`${words.checkIns} (${checkIns.length})`}
        </summary>
        <ul className="mt-1 space-y-0.5 text-slate-600">
          {checkIns
            .slice(-LISTED_CHECK_INS)
            .reverse()
            .map((c) => (
              <li key={c.day}>{`${c.day}: ${c.value}${c.comment ? ` — ${c.comment}` : ""}`}</li>
            ))}
        </ul>
      </details>
    </div>
  );
}

/** Add or edit an objective with its key results (or KPIs), as a panel on the page (works without JavaScript). */
function ObjectiveForm({ data, here, objective, reply }: { data: OkrPageData; here: string; objective: ObjectiveView | null; reply: Reply }) {
  const hydrated = useHydrated();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const kind = data.kind;
  const [form, fields] = useForm({
    id: objective ? `objective-${objective.id}` : "objective-new",
    lastResult: reply?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: okrPageSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // Conform types default values as the form's flat strings; the key results are a list of rows.
    defaultValue: (objective
      ? {
          name: objective.name,
          description: objective.description ?? "",
          weight: String(objective.weight),
          keyResults: objective.keyResults.map((k) => ({
            id: k.id,
            name: k.name,
            description: k.description ?? "",
            period: k.period ?? "",
            subRole: k.subRole ?? "",
            client: k.client ?? "",
            industry: k.industry ?? "",
            incomeStatement: k.incomeStatement ? "on" : "",
            target: k.target === null ? "" : String(k.target),
            startValue: k.startValue === null ? "" : String(k.startValue),
            unit: k.unit ?? "",
            direction: k.direction ?? "increase",
          })),
        }
      : undefined) as never,
  });
  const initialRows = Array.isArray(fields.keyResults.initialValue) ? fields.keyResults.initialValue.length : 0;
  const [rows, setRows] = useState(Math.max(1, initialRows + (hydrated ? 0 : BLANK_ROWS)));
  const rowCount = hydrated ? rows : initialRows + BLANK_ROWS;
  useEffect(() => headingRef.current?.focus(), []);
  const errors = form.allErrors;
  const initial = (path: string) => {
    const [, index, key] = /^keyResults\[(\d+)\]\.(\w+)$/.exec(path) ?? [];
    const list = fields.keyResults.initialValue as Array<Record<string, string>> | undefined;
    return list?.[Number(index)]?.[key] ?? "";
  };
  const title = objective ? words.editObjective : words.addObjective;
  return (
    <section aria-labelledby="objective-form-title" className="mb-6 rounded-lg border border-slate-200 bg-slate-50 p-6">
      <h2 id="objective-form-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
        {title}
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4" preventScrollReset>
        <input type="hidden" name="intent" value="saveObjective" />
        <input type="hidden" name="requestId" value={data.requestId} />
        <input type="hidden" name="kind" value={kind} />
        {objective ? <input type="hidden" name="objectiveId" value={objective.id} /> : null}
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <TextInput name="name" label={`${words.name} *`} initial={(fields.name.initialValue as string) ?? ""} errors={errors.name} required />
          <TextInput name="weight" label={`${words.weight} *`} initial={(fields.weight.initialValue as string) ?? ""} errors={errors.weight} type="number" step="1" min={0} max={100} required />
        </div>
        <TextInput name="description" label={words.description} initial={(fields.description.initialValue as string) ?? ""} errors={errors.description} />
        <p className="text-sm text-slate-700">
          {words.kind}: {kind === "okr" ? words.kindOkr : words.kindPerformanceContract}
        </p>
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">{kind === "okr" ? words.keyResults : words.kpis}</legend>
          <div className="mt-2 space-y-3">
            {Array.from({ length: rowCount }, (_, i) => (
              <KeyResultFields key={i} index={i} kind={kind} initial={initial} errors={errors} />
            ))}
          </div>
          {hydrated ? (
            <button type="button" className="mt-2 text-sm font-medium text-indigo-700 hover:underline" onClick={() => setRows((n) => Math.min(20, n + 1))}>
              {kind === "okr" ? words.addKeyResult : words.addKpi}
            </button>
          ) : null}
        </fieldset>
        {form.errors ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {form.errors.join(" ")}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <ButtonLink to={here} variant="secondary" preventScrollReset>
            Cancel
          </ButtonLink>
          <Button type="submit">Save</Button>
        </div>
      </Form>
    </section>
  );
}

function KeyResultFields({
  index,
  kind,
  initial,
  errors,
}: {
  index: number;
  kind: ObjectiveKind;
  initial: (path: string) => string;
  errors: Record<string, string[] | undefined>;
}) {
  const p = (key: string) => `keyResults[${index}].${key}`;
  const input = (key: string, label: string, extra: Partial<React.InputHTMLAttributes<HTMLInputElement>> = {}) => (
    <TextInput key={key} name={p(key)} label={label} initial={initial(p(key))} errors={errors[p(key)]} {...extra} />
  );
  return (
    <div className="rounded-md border border-slate-200 bg-white p-3" role="group" aria-label={`${kind === "okr" ? words.keyResults : words.kpis} ${index + 1}`}>
      {initial(p("id")) ? <input type="hidden" name={p("id")} value={initial(p("id"))} /> : null}
      <div className="grid gap-3 sm:grid-cols-3">
        {input("name", words.name)}
        {input("period", words.period)}
        {input("target", words.target, { type: "number", step: "0.01" })}
        {kind === "okr" ? (
          <>
            {input("startValue", words.startValue, { type: "number", step: "0.01" })}
            {input("unit", words.unit)}
            <div>
              <label htmlFor={`${p("direction")}-field`} className="block text-xs font-medium text-slate-700">
                {words.direction}
              </label>
              <select id={`${p("direction")}-field`} name={p("direction")} defaultValue={initial(p("direction")) || "increase"} className={INPUT_CLASS}>
                <option value="increase">{words.directionIncrease}</option>
                <option value="decrease">{words.directionDecrease}</option>
              </select>
            </div>
          </>
        ) : (
          <>
            {input("subRole", words.subRole)}
            {input("client", words.client)}
            {input("industry", words.industry)}
            <label className="flex items-center gap-2 self-end text-sm text-slate-700">
              <input type="checkbox" name={p("incomeStatement")} defaultChecked={initial(p("incomeStatement")) === "on"} />
              {words.incomeStatement}
            </label>
          </>
        )}
      </div>
      <div className="mt-3">{input("description", words.description)}</div>
    </div>
  );
}

function TextInput({
  name,
  label,
  initial,
  errors,
  ...rest
}: { name: string; label: string; initial: string; errors?: string[] } & Partial<React.InputHTMLAttributes<HTMLInputElement>>) {
  const id = `${name}-field`;
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        name={name}
        defaultValue={initial}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? `${id}-error` : undefined}
        className={INPUT_CLASS}
        {...rest}
      />
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}
