import { getSelectProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Check, INPUT_CLASS, TextField, type Field } from "~/ui/form-fields";
import { useHydrated } from "~/ui/use-hydrated";
import type { ValueBlockFields as ValueBlockForm } from "../convert";
import { customItemLines } from "../scales";
import { CHOICE_VIEW_LABELS, type ChoiceView } from "../types";
import { AnswerScaleField } from "./answer-scale-field";

/** A builder form's fieldset of a value block (Conform), whatever else the area's block adds. */
export type ValueBlockFieldset = { [K in Exclude<keyof ValueBlockForm, "key">]-?: Field<ValueBlockForm[K]> };

/**
 * A value block's fields in a builder (000 §3, 002 §3): the heading's text, a text question's
 * label, placeholder and required flag; `null` for a choice, which ChoiceValueFields builds.
 */
export function HeadingOrTextFields({ type, b }: { type: string; b: ValueBlockFieldset }) {
  if (type === "title" || type === "subtitle") return <TextField field={b.text} label={type === "title" ? "Title" : "Subtitle"} />;
  if (type === "short-text" || type === "long-text") {
    return (
      <>
        <TextField field={b.label} label="Question" />
        <TextField field={b.placeholder} label="Placeholder" />
        <Check field={b.required} label="Required" />
      </>
    );
  }
  return null;
}

/**
 * A choice question's settings in a builder, in the review questionnaire and the feedback template
 * builder alike: the question, the area's own fields (`children`), the answer scale and how the
 * choices show, custom choices with their values (002 §9: number inputs step 0.01), required,
 * not applicable and the comment box. Without JavaScript nothing appears on a change, so every
 * field a choice may need is shown.
 */
export function ChoiceValueFields({
  b,
  raw,
  views,
  viewLabel = "View",
  children,
}: {
  b: ValueBlockFieldset;
  raw: Partial<ValueBlockForm> | undefined;
  views: readonly ChoiceView[];
  viewLabel?: string;
  children?: ReactNode;
}) {
  const hydrated = useHydrated();
  const all = !hydrated;
  const items = customItemLines(raw?.customItems ?? "");
  return (
    <>
      <TextField field={b.label} label="Question" />
      {children}
      <div className="grid gap-3 sm:grid-cols-2">
        <AnswerScaleField field={b.scale as Field<string | undefined>} />
        <div>
          <label htmlFor={b.view.id} className="block text-sm font-medium text-slate-900">
            {viewLabel}
          </label>
          <select {...getSelectProps(b.view)} className={INPUT_CLASS}>
            {views.map((view) => (
              <option key={view} value={view}>
                {CHOICE_VIEW_LABELS[view]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {all || raw?.scale === "custom" ? (
        <div className="space-y-2">
          <TextField field={b.customItems} label="Choices (one per line)" multiline />
          <Check field={b.numericValue} label="Numeric values" />
          {raw?.numericValue ? (
            <ul className="grid gap-2 sm:grid-cols-2" aria-label="Choice values">
              {items.map((item, j) => {
                const name = `${b.choiceValues.name}[${j}]`;
                const error = b.choiceValues.getFieldList()[j]?.errors ?? (b.choiceValues.allErrors?.[name] as string[] | undefined);
                const id = `${b.choiceValues.id}-${j}`;
                return (
                  <li key={j}>
                    <label htmlFor={id} className="block text-xs font-medium text-slate-700">
                      Value of “{item}”
                    </label>
                    <input
                      id={id}
                      name={name}
                      type="number"
                      min={0}
                      step="0.01"
                      defaultValue={raw?.choiceValues?.[j] ?? 0}
                      aria-invalid={error ? true : undefined}
                      className="mt-0.5 w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
                    />
                    {error ? <p className="text-xs text-red-700">{error[0]}</p> : null}
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        <Check field={b.required} label="Required" />
        <Check field={b.notApplicable} label="Not applicable option" />
        <Check field={b.commentBox} label="Comment box" />
      </div>
      {all || raw?.commentBox ? <TextField field={b.commentBoxGuide} label="Comment guideline" /> : null}
    </>
  );
}
