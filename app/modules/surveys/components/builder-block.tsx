import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { NOT_APPLICABLE, SCALE_FAMILIES, SCALE_LABELS } from "~/modules/reviews/answer-scales";
import { buttonClass } from "~/ui/button";
import { SURVEY_BLOCK_TYPE_TITLES, type GroupQuestion, type SurveyBlockType } from "../blocks";
import type { Platform, QuestionForm, SurveyBuilderForm } from "../survey.schema";

/**
 * The builder's left pane, one block at a time (001 §2 "Survey builder"). Every control is a field
 * of the one builder form or a Conform intent button (insert, remove, reorder), so it all works
 * without JavaScript: the server answers a list intent with the changed form and saves nothing.
 */

type Form = FormMetadata<SurveyBuilderForm, string[]>;
export type QuestionFieldset = ReturnType<FieldMetadata<QuestionForm, SurveyBuilderForm, string[]>["getFieldset"]>;

/** Conform's insert button for a list named at run time (its typing wants a literal name). */
export function insertButtonProps(form: Form, name: string, defaultValue: unknown, index?: number) {
  const insert = form.insert.getButtonProps as (options: {
    name: string;
    index?: number;
    defaultValue?: unknown;
  }) => ReturnType<Form["insert"]["getButtonProps"]>;
  return insert({ name, index, defaultValue });
}

const INPUT = "mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm";

export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {errors[0]}
    </p>
  );
}

export function TextField({
  field,
  label,
  multiline = false,
}: {
  field: FieldMetadata<string | undefined, SurveyBuilderForm, string[]>;
  label: string;
  multiline?: boolean;
}) {
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      {multiline ? (
        <textarea {...getTextareaProps(field)} rows={3} className={INPUT} />
      ) : (
        <input {...getInputProps(field, { type: "text" })} className={INPUT} />
      )}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

function Check({ field, label }: { field: FieldMetadata<boolean | undefined, SurveyBuilderForm, string[]>; label: string }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <input {...getInputProps(field, { type: "checkbox" })} />
      {label}
    </label>
  );
}

/** The fields of one question (static text, text input or choice), top level or inside a group. */
export function QuestionFields({
  form,
  q,
  raw,
  platform,
  hydrated,
  canLockUnlock,
}: {
  form: Form;
  q: QuestionFieldset;
  raw: GroupQuestion | undefined;
  platform: Platform;
  hydrated: boolean;
  canLockUnlock: boolean;
}) {
  const type = (q.type.value ?? q.type.initialValue) as SurveyBlockType;
  const locked = raw?.isLocked ?? false;
  return (
    <>
      <input {...getInputProps(q.key, { type: "hidden" })} />
      <input {...getInputProps(q.type, { type: "hidden" })} />
      {/* Only LockUnlockSurveyQuestion changes a lock (the server refuses anyone else); others carry it as is. */}
      {!canLockUnlock && locked ? <input type="hidden" name={q.isLocked.name} value="on" /> : null}
      {type === "static-text" ? <TextField field={q.value} label="Text" multiline /> : null}
      {type === "text-input" ? (
        <>
          <TextField field={q.label} label="Question" />
          <TextField field={q.placeholder} label="Placeholder" />
          <Check field={q.required} label="Required" />
        </>
      ) : null}
      {type === "choice" ? (
        <ChoiceFields form={form} q={q} raw={raw} platform={platform} hydrated={hydrated} canLockUnlock={canLockUnlock} />
      ) : null}
    </>
  );
}

function ChoiceFields({
  form,
  q,
  raw,
  platform,
  hydrated,
  canLockUnlock,
}: {
  form: Form;
  q: QuestionFieldset;
  raw: GroupQuestion | undefined;
  platform: Platform;
  hydrated: boolean;
  canLockUnlock: boolean;
}) {
  const choice = raw?.type === "choice" ? raw : undefined;
  // Without JavaScript nothing appears on a change, so the fields a choice may need are always shown.
  const all = !hydrated;
  const rows = q.customChoices.getFieldList();
  const linesMode = platform === "msteams";
  return (
    <>
      <TextField field={q.label} label="Question" />
      <div>
        <label htmlFor={q.scale.id} className="block text-sm font-medium text-slate-900">
          Answer scale
        </label>
        <select {...getSelectProps(q.scale)} className={INPUT}>
          {SCALE_FAMILIES.map((family) => (
            <option key={family} value={family}>
              {SCALE_LABELS[family]}
            </option>
          ))}
        </select>
        <FieldError id={q.scale.errorId} errors={q.scale.errors} />
      </div>
      {all || choice?.selectedOption === "custom" ? (
        linesMode ? (
          <div>
            <TextField field={q.customItems} label="Custom choices (one per line)" multiline />
            {all ? <p className="mt-1 text-xs text-slate-500">Used when the answer scale is Custom items.</p> : null}
          </div>
        ) : (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-900">Custom choices</legend>
            {all ? <p className="text-xs text-slate-500">Used when the answer scale is Custom items.</p> : null}
            <ol className="space-y-2">
              {rows.map((row, k) => {
                const c = row.getFieldset();
                return (
                  <li key={row.key ?? k} className="flex flex-wrap items-start gap-2">
                    <div className="min-w-40 flex-1">
                      <label htmlFor={c.text.id} className="sr-only">
                        Choice {k + 1} text
                      </label>
                      <input
                        {...getInputProps(c.text, { type: "text" })}
                        placeholder={`Choice ${k + 1}`}
                        className="w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm"
                      />
                      <FieldError id={c.text.errorId} errors={c.text.errors} />
                    </div>
                    <div className="w-24">
                      <label htmlFor={c.value.id} className="sr-only">
                        Choice {k + 1} value
                      </label>
                      <input
                        {...getInputProps(c.value, { type: "number" })}
                        min={0}
                        step="any"
                        className="w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm"
                      />
                      <FieldError id={c.value.errorId} errors={c.value.errors} />
                    </div>
                    <button
                      className={buttonClass("ghost", "px-2 py-1.5")}
                      {...form.remove.getButtonProps({ name: q.customChoices.name, index: k })}
                      aria-label={`Remove choice ${k + 1}`}
                    >
                      Remove
                    </button>
                  </li>
                );
              })}
            </ol>
            <FieldError id={q.customChoices.errorId} errors={q.customChoices.errors} />
            <button
              className={buttonClass("secondary", "px-2.5 py-1.5")}
              {...insertButtonProps(form, q.customChoices.name, { text: "", value: rows.length })}
            >
              + Add choice
            </button>
          </fieldset>
        )
      ) : null}
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        <Check field={q.required} label="Required" />
        <Check field={q.multipleAnswers} label="Multiple answers" />
        <Check field={q.dropdown} label="Dropdown" />
        <Check field={q.notApplicable} label={`${NOT_APPLICABLE} option`} />
        <Check field={q.commentBox} label="Comment box" />
        <Check field={q.track} label="Track" />
        {/* 001 §4: the lock control is for LockUnlockSurveyQuestion, and hidden for tracked questions. */}
        {canLockUnlock && !choice?.track ? <Check field={q.isLocked} label="Locked" /> : null}
      </div>
      {choice?.track ? <p className="text-xs text-amber-800">A tracked question is locked for good once the survey is saved.</p> : null}
      {all || choice?.commentBox ? <TextField field={q.commentBoxGuide} label="Comment box guide" /> : null}
    </>
  );
}

/** Hidden inputs that carry a value of the form as it is (a locked question the page shows read-only). */
export function HiddenValue({ name, value, skip = [] }: { name: string; value: unknown; skip?: string[] }) {
  if (value === undefined || value === null || value === false || value === "") return null;
  if (Array.isArray(value))
    return (
      <>
        {value.map((v, i) => (
          <HiddenValue key={i} name={`${name}[${i}]`} value={v} />
        ))}
      </>
    );
  if (typeof value === "object")
    return (
      <>
        {Object.entries(value as Record<string, unknown>)
          .filter(([k]) => !skip.includes(k))
          .map(([k, v]) => (
            <HiddenValue key={k} name={`${name}.${k}`} value={v} />
          ))}
      </>
    );
  return <input type="hidden" name={name} value={value === true ? "on" : String(value)} />;
}

/** A locked question, read-only (001 §4): what it asks, a lock badge, and its values carried as hidden fields. */
export function LockedQuestion({
  q,
  raw,
  rawValue,
  canLockUnlock,
}: {
  q: QuestionFieldset;
  raw: GroupQuestion;
  rawValue: unknown;
  canLockUnlock: boolean;
}) {
  const tracked = raw.type === "choice" && raw.track;
  const toggle = canLockUnlock && !tracked && raw.type === "choice";
  const name = q.key.name.replace(/\.key$/, "");
  return (
    <div className="space-y-2">
      <HiddenValue name={name} value={rawValue} skip={toggle ? ["isLocked"] : []} />
      <p className="text-sm text-slate-900">{raw.type === "static-text" ? raw.value : raw.label}</p>
      {raw.type === "choice" ? (
        <p className="text-xs text-slate-600">
          {SCALE_LABELS[raw.selectedOption]}: {raw.choices.map((c) => c.text).join(", ")}
          {tracked ? " · Tracked" : ""}
        </p>
      ) : null}
      <p className="text-xs text-slate-600">
        {tracked
          ? "This question is tracked: it is locked for good and cannot be edited, moved, duplicated or deleted."
          : "This question is locked: it cannot be edited, moved, duplicated or deleted."}
      </p>
      {toggle ? (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input {...getInputProps(q.isLocked, { type: "checkbox" })} />
          Locked (untick and save to unlock)
        </label>
      ) : null}
    </div>
  );
}

export function LockBadge() {
  return (
    <span className="ml-2 inline-flex items-center gap-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
      <span aria-hidden="true">🔒</span>
      Locked
    </span>
  );
}

/** Move up / down, duplicate and delete of a block in its list (a locked one gets none, 001 §4). */
export function BlockActions({
  form,
  listName,
  index,
  count,
  what,
  upBlocked,
  downBlocked,
  duplicateValue,
  onDuplicate,
}: {
  form: Form;
  listName: string;
  index: number;
  count: number;
  /** "question 3", "question 2 of group 1": for the buttons' accessible names. */
  what: string;
  upBlocked: boolean;
  downBlocked: boolean;
  /** The copy's form value; null when it may not be copied. */
  duplicateValue: Record<string, unknown> | null;
  onDuplicate: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3" role="group" aria-label={`Actions of ${what}`}>
      <button
        className={buttonClass("ghost")}
        disabled={index === 0 || upBlocked}
        {...form.reorder.getButtonProps({ name: listName, from: index, to: index - 1 })}
        aria-label={`Move ${what} up`}
      >
        Move up
      </button>
      <button
        className={buttonClass("ghost")}
        disabled={index === count - 1 || downBlocked}
        {...form.reorder.getButtonProps({ name: listName, from: index, to: index + 1 })}
        aria-label={`Move ${what} down`}
      >
        Move down
      </button>
      {duplicateValue ? (
        <button
          className={buttonClass("ghost")}
          {...insertButtonProps(form, listName, duplicateValue, index + 1)}
          onClick={onDuplicate}
          aria-label={`Duplicate ${what}`}
        >
          Duplicate
        </button>
      ) : null}
      <button className={buttonClass("ghost")} {...form.remove.getButtonProps({ name: listName, index })} aria-label={`Delete ${what}`}>
        Delete
      </button>
    </div>
  );
}

export const blockTitle = (type: SurveyBlockType) => SURVEY_BLOCK_TYPE_TITLES[type];
