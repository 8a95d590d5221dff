import { useRef, useState, type KeyboardEvent } from "react";
import { sharedCopy } from "~/lib/copy";
import { Button } from "~/ui/button";
import { FieldError, INPUT_CLASS } from "~/ui/form-fields";
import { competencyIntent } from "../ai-feedback.schema";
import { MAX_STEPS, percent } from "../ai-feedback-rules";
import { TONE_CATEGORIES, type SbiTag } from "../one-on-one-types";
import type { AiFeedbackView } from "../ai-feedback-page.server";

/**
 * The right panel of the crafting tool (001 §2): the AI score out of 100 and the tabs
 * Specificity, Tone, Focus, Actionability and Competencies. Every control is a field of the
 * tool's one form and every action a submit button with its intent, so the panel works without
 * JavaScript (then every tab shows, one under the other); with JavaScript it is a tab list.
 * Mounted afresh for each stored version, so its fields start from what was stored.
 */

const T = sharedCopy.aiCrafting;
export const TABS = ["specificity", "tone", "focus", "actionability", "competencies"] as const;
export type Tab = (typeof TABS)[number];
const TAB_TITLES: Record<Tab, string> = {
  specificity: T.specificity,
  tone: T.tone,
  focus: T.focus,
  actionability: T.actionability,
  competencies: T.competencies,
};

export type FieldErrors = Partial<Record<"situation" | "openingStatement" | "actionableSteps" | "competencyId", string[] | undefined>>;

export interface CraftingPanelProps {
  feedback: AiFeedbackView;
  competencies: Array<{ id: string; name: string }>;
  editable: boolean;
  hydrated: boolean;
  busy: boolean;
  errors: FieldErrors;
  idPrefix: string;
  /** The open tab, kept by the tool so a new stored version keeps it open. */
  tab: Tab;
  onTab: (tab: Tab) => void;
  /** What a refused post (without JavaScript) had typed in the panel's fields, shown again. */
  typed?: Record<string, unknown>;
}

const typedText = (typed: Record<string, unknown> | undefined, name: string, fallback: string) =>
  typeof typed?.[name] === "string" ? (typed[name] as string) : fallback;

export function AiScore({ score }: { score: number | null }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 text-center" data-ai-score={score ?? ""}>
      <p className="text-sm font-medium text-slate-600">{T.aiScore}</p>
      {score === null ? (
        <p className="mt-2 text-sm text-slate-600">{T.notScored}</p>
      ) : (
        <p className="mt-1">
          <span className="text-4xl font-bold text-indigo-700">{score}</span> <span className="text-sm text-slate-600">{T.outOf100}</span>
        </p>
      )}
    </div>
  );
}

export function CraftingPanel(props: CraftingPanelProps) {
  const { hydrated, idPrefix, tab, onTab: setTab } = props;
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKey = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    const to = e.key === "Home" ? 0 : e.key === "End" ? TABS.length - 1 : step ? (i + step + TABS.length) % TABS.length : -1;
    if (to < 0) return;
    e.preventDefault();
    setTab(TABS[to]!);
    tabRefs.current[to]?.focus();
  };
  const panels: Record<Tab, React.ReactNode> = {
    specificity: <SpecificityTab {...props} />,
    tone: <ToneTab {...props} />,
    focus: <FocusTab {...props} />,
    actionability: <ActionabilityTab {...props} />,
    competencies: <CompetenciesTab {...props} />,
  };
  return (
    <div className="space-y-4">
      <AiScore score={props.feedback.aiScore} />
      {hydrated ? (
        <div role="tablist" aria-label={T.tabsLabel} className="flex flex-wrap gap-1 border-b border-slate-200">
          {TABS.map((t, i) => (
            <button
              key={t}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${idPrefix}-tab-${t}`}
              aria-selected={tab === t}
              aria-controls={`${idPrefix}-panel-${t}`}
              tabIndex={tab === t ? 0 : -1}
              onClick={() => setTab(t)}
              onKeyDown={(e) => onKey(e, i)}
              className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
                tab === t ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-600 hover:text-slate-900"
              }`}
            >
              {TAB_TITLES[t]}
            </button>
          ))}
        </div>
      ) : null}
      {TABS.map((t) => (
        <section
          key={t}
          id={`${idPrefix}-panel-${t}`}
          role={hydrated ? "tabpanel" : undefined}
          aria-labelledby={hydrated ? `${idPrefix}-tab-${t}` : `${idPrefix}-heading-${t}`}
          hidden={hydrated && tab !== t}
          className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
          data-tab={t}
        >
          {hydrated ? null : (
            <h2 id={`${idPrefix}-heading-${t}`} className="text-base font-semibold text-slate-900">
              {TAB_TITLES[t]}
            </h2>
          )}
          {panels[t]}
        </section>
      ))}
    </div>
  );
}

function Tags({ tags, label }: { tags: SbiTag[]; label: string }) {
  if (tags.length === 0) return <p className="text-xs text-slate-500">{T.noTags}</p>;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1">
      {tags.map((t, i) => (
        <li
          key={`${t.tag}-${i}`}
          className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs text-indigo-800"
          title={t.excerpt ? T.fromSentence(t.excerpt) : undefined}
        >
          {t.expanded || t.tag}
        </li>
      ))}
    </ul>
  );
}

function Excerpts({ excerpts }: { excerpts: string[] }) {
  return (
    <div>
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{T.excerpts}</p>
      {excerpts.length === 0 ? (
        <p className="text-sm text-slate-500">{T.noExcerpts}</p>
      ) : (
        <ul className="mt-1 space-y-1">
          {excerpts.map((e, i) => (
            <li key={i} className="border-l-2 border-slate-300 pl-2 text-sm italic text-slate-700">
              “{e}”
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function SpecificityTab({ feedback, editable, hydrated, busy, errors, idPrefix, typed }: CraftingPanelProps) {
  const stored = { situation: feedback.situation, behavior: feedback.behavior, impact: feedback.impact };
  const [parts, setParts] = useState({
    situation: typedText(typed, "situation", stored.situation),
    behavior: typedText(typed, "behavior", stored.behavior),
    impact: typedText(typed, "impact", stored.impact),
  });
  const changed = (Object.keys(stored) as Array<keyof typeof stored>).some((k) => parts[k].trim() !== stored[k].trim());
  const rows: Array<[keyof typeof stored, string, SbiTag[]]> = [
    ["situation", T.situation, feedback.situationTags],
    ["behavior", T.behavior, feedback.behaviorTags],
    ["impact", T.impact, feedback.impactTags],
  ];
  return (
    <>
      <p className="text-sm text-slate-700">
        {T.specificityScore}: <strong data-specificity-score>{percent(feedback.specificityScore)}</strong>
      </p>
      {rows.map(([name, label, tags]) => (
        <div key={name}>
          <label htmlFor={`${idPrefix}-${name}`} className="block text-sm font-medium text-slate-900">
            {label}
          </label>
          <textarea
            id={`${idPrefix}-${name}`}
            name={name}
            rows={2}
            value={parts[name]}
            readOnly={!editable}
            onChange={(e) => setParts({ ...parts, [name]: e.target.value })}
            className={INPUT_CLASS}
          />
          <div className="mt-1">
            <Tags tags={tags} label={T.tagsOf(label)} />
          </div>
        </div>
      ))}
      <FieldError id={`${idPrefix}-situation-error`} errors={errors.situation} />
      {editable ? (
        <>
          <p className="text-xs text-slate-500">{T.specificityHint}</p>
          <Button type="submit" name="intent" value="enhanceSpecificity" variant="secondary" disabled={busy || (hydrated && !changed)}>
            {T.generate}
          </Button>
        </>
      ) : null}
    </>
  );
}

function ToneTab({ feedback, editable, hydrated, busy, errors, idPrefix, typed }: CraftingPanelProps) {
  const [opening, setOpening] = useState(typedText(typed, "openingStatement", feedback.openingStatement));
  const empty = opening.trim() === "";
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-opening`} className="block text-sm font-medium text-slate-900">
          {T.openingStatement}
        </label>
        <textarea
          id={`${idPrefix}-opening`}
          name="openingStatement"
          rows={2}
          value={opening}
          readOnly={!editable}
          onChange={(e) => setOpening(e.target.value)}
          aria-describedby={errors.openingStatement ? `${idPrefix}-opening-error` : undefined}
          className={INPUT_CLASS}
        />
        <FieldError id={`${idPrefix}-opening-error`} errors={errors.openingStatement} />
      </div>
      <p className="text-sm text-slate-700">
        {T.toneCategory}: <strong data-tone-category>{feedback.toneCategory ? T.toneNames[feedback.toneCategory] : "—"}</strong>
      </p>
      <div>
        <label htmlFor={`${idPrefix}-suggested-tone`} className="block text-sm font-medium text-slate-900">
          {T.suggestedTone}
        </label>
        <select
          id={`${idPrefix}-suggested-tone`}
          name="suggestedTone"
          defaultValue={feedback.suggestedTone ?? "constructive"}
          disabled={!editable}
          className={INPUT_CLASS}
        >
          {TONE_CATEGORIES.map((t) => (
            <option key={t} value={t}>
              {T.toneNames[t]}
            </option>
          ))}
        </select>
      </div>
      <Excerpts excerpts={feedback.toneExcerpts} />
      {editable ? (
        <>
          <p className="text-xs text-slate-500">{T.toneHint}</p>
          <div className="flex gap-2">
            <Button type="submit" name="intent" value="changeOpening" variant="secondary" disabled={busy || (hydrated && empty)}>
              {T.generate}
            </Button>
            <Button type="submit" name="intent" value="mergeOpening" variant="secondary" disabled={busy || (hydrated && empty)}>
              {T.merge}
            </Button>
          </div>
        </>
      ) : null}
    </>
  );
}

function FocusTab({ feedback }: CraftingPanelProps) {
  return (
    <>
      <p className="text-sm text-slate-700">
        {T.focusCategory}: <strong data-focus-category>{feedback.focusCategory ? T.focusNames[feedback.focusCategory] : "—"}</strong>
      </p>
      <p className="text-xs text-slate-500">{T.focusHint}</p>
      <Excerpts excerpts={feedback.focusExcerpts} />
    </>
  );
}

function ActionabilityTab({ feedback, editable, hydrated, busy, errors, idPrefix }: CraftingPanelProps) {
  // Without JavaScript a blank row is offered to add a step; a cleared row is dropped.
  const [steps, setSteps] = useState<string[]>(hydrated ? feedback.actionableSteps : [...feedback.actionableSteps, ""]);
  const list = steps.length === 0 ? [""] : steps;
  return (
    <>
      <p className="text-sm text-slate-700">
        {T.actionabilityScore}: <strong data-actionability-score>{percent(feedback.actionabilityScore)}</strong>
      </p>
      <fieldset aria-describedby={errors.actionableSteps ? `${idPrefix}-steps-error` : undefined}>
        <legend className="text-sm font-medium text-slate-900">{T.actionableSteps}</legend>
        {feedback.actionableSteps.length === 0 && !editable ? <p className="text-sm text-slate-500">{T.noSteps}</p> : null}
        <ol className="mt-1 space-y-2">
          {list.map((step, i) => (
            <li key={i} className="flex items-center gap-2">
              <label htmlFor={`${idPrefix}-step-${i}`} className="sr-only">
                {T.step(i + 1)}
              </label>
              <input
                id={`${idPrefix}-step-${i}`}
                name="actionableSteps"
                value={step}
                readOnly={!editable}
                maxLength={1000}
                onChange={(e) => setSteps(list.map((s, j) => (j === i ? e.target.value : s)))}
                className={`${INPUT_CLASS} mt-0`}
              />
              {editable && hydrated ? (
                <Button type="button" variant="ghost" aria-label={T.removeStep(i + 1)} onClick={() => setSteps(list.filter((_, j) => j !== i))}>
                  ×
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
        <FieldError id={`${idPrefix}-steps-error`} errors={errors.actionableSteps} />
      </fieldset>
      {feedback.stepExcerpts.length > 0 ? <Excerpts excerpts={feedback.stepExcerpts} /> : null}
      {editable ? (
        <div className="flex gap-2">
          {hydrated ? (
            <Button type="button" variant="ghost" disabled={list.length >= MAX_STEPS} onClick={() => setSteps([...list, ""])}>
              {T.addStep}
            </Button>
          ) : null}
          <Button type="submit" name="intent" value="addActionability" variant="secondary" disabled={busy}>
            {T.addActionability}
          </Button>
        </div>
      ) : null}
    </>
  );
}

function CompetencyList({
  title,
  empty,
  items,
  removeIntent,
  editable,
  busy,
}: {
  title: string;
  empty: string;
  items: AiFeedbackView["strengths"];
  removeIntent: "removeStrength" | "removeDevelopment";
  editable: boolean;
  busy: boolean;
}) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <ul aria-label={title} className="mt-1 space-y-2">
          {items.map((c) => (
            <li key={c.id} className="rounded-md bg-slate-50 p-2" data-competency={c.id} data-tag={c.tag}>
              <div className="flex items-center justify-between gap-2">
                <span className="text-sm font-medium text-slate-900">{c.name}</span>
                <span className="text-xs text-slate-500">{T.suggestedBy[c.tag]}</span>
                {editable ? (
                  <Button
                    type="submit"
                    name="intent"
                    value={competencyIntent(removeIntent, c.id)}
                    variant="ghost"
                    disabled={busy}
                    aria-label={T.removeCompetency(c.name)}
                  >
                    ×
                  </Button>
                ) : null}
              </div>
              {c.excerpt ? <p className="mt-1 text-xs italic text-slate-600">{T.fromSentence(c.excerpt)}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CompetenciesTab({ feedback, competencies, editable, busy, errors, idPrefix }: CraftingPanelProps) {
  return (
    <>
      <CompetencyList title={T.strengths} empty={T.noStrengths} items={feedback.strengths} removeIntent="removeStrength" editable={editable} busy={busy} />
      <CompetencyList
        title={T.developmentAreas}
        empty={T.noDevelopment}
        items={feedback.development}
        removeIntent="removeDevelopment"
        editable={editable}
        busy={busy}
      />
      {editable ? (
        <div className="space-y-2 border-t border-slate-100 pt-3">
          <label htmlFor={`${idPrefix}-competency`} className="block text-sm font-medium text-slate-900">
            {T.competency}
          </label>
          <select
            id={`${idPrefix}-competency`}
            name="competencyId"
            defaultValue=""
            aria-describedby={errors.competencyId ? `${idPrefix}-competency-error` : undefined}
            className={INPUT_CLASS}
          >
            <option value="">{T.chooseCompetency}</option>
            {competencies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <FieldError id={`${idPrefix}-competency-error`} errors={errors.competencyId} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="addStrength" variant="secondary" disabled={busy}>
              {T.addStrength}
            </Button>
            <Button type="submit" name="intent" value="addDevelopment" variant="secondary" disabled={busy}>
              {T.addDevelopment}
            </Button>
            <Button type="submit" name="intent" value="aiCompetency" variant="ghost" disabled={busy}>
              {T.suggestCompetencies}
            </Button>
          </div>
        </div>
      ) : null}
    </>
  );
}
