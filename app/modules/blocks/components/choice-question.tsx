import { FieldError } from "~/ui/form-fields";
import { MatrixTable, RowHeader } from "~/ui/table";
import { COMMENT_MAX } from "../answers";
import { ANSWER_ERROR, ANSWER_INPUT, PREVIEW_INPUT, RequiredMark, type Errors, type FieldIds, type Look } from "./looks";

/**
 * A choice question (multi-select, choice): its choices as radios, checkboxes (several answers),
 * a dropdown or, on the survey look, the 0–10 buttons of a Net Promoter Score; and its comment
 * box. Answered with plain form controls named by the caller, so it works without JavaScript, or
 * previewed (disabled).
 */

/** One option of a choice question: the posted value, its text, and whether the answer holds it. */
export interface ChoiceOption {
  value: string;
  text: string;
  checked: boolean;
}

const NPS_LOW = "Not at all likely";
const NPS_HIGH = "Extremely likely";

interface AnswerField {
  name: string;
  ids: FieldIds;
  errors: Errors;
}

function AnswerError({ field, look }: { field: AnswerField; look: Look }) {
  return (
    <FieldError
      id={field.ids.errorIdOf(field.name)}
      errors={field.errors[field.name]}
      all
      className={ANSWER_ERROR}
      field={look === "survey" ? field.name : undefined}
    />
  );
}

/**
 * The choices of a question answered once, on the questionnaire look: a row of radios, or a
 * dropdown labelled (for screen readers) by the question; then the field's error.
 */
export function ChoiceOptionsControl({
  field,
  options,
  dropdown,
  label,
}: {
  field: AnswerField;
  options: ChoiceOption[];
  dropdown: boolean;
  label: string;
}) {
  const { name, ids, errors } = field;
  const invalid = ids.invalidProps(name, errors);
  const current = options.find((o) => o.checked)?.value;
  const control = dropdown ? (
    <>
      <label htmlFor={ids.idOf(name)} className="sr-only">
        {label}
      </label>
      <select id={ids.idOf(name)} name={name} defaultValue={current ?? ""} className={ANSWER_INPUT} {...invalid}>
        <option value="">Select an option</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
    </>
  ) : (
    <div className="flex flex-wrap gap-x-4 gap-y-1.5">
      {options.map((o) => (
        <label key={o.value} className="flex items-center gap-1.5 text-sm text-slate-700">
          <input type="radio" name={name} value={o.value} defaultChecked={o.checked} {...invalid} />
          {o.text}
        </label>
      ))}
    </div>
  );
  return (
    <>
      {control}
      <AnswerError field={field} look="questionnaire" />
    </>
  );
}

/** A choice question's comment box, answered: labelled by its guide. */
export function CommentBox({
  field,
  guide,
  value,
  look,
  required,
}: {
  field: AnswerField;
  guide: string;
  value: string;
  look: Look;
  /** Questionnaire look: a required question's comment is required too (000 §5). */
  required?: boolean;
}) {
  const { name, ids, errors } = field;
  const text = guide || "Comment";
  return (
    <div className="space-y-1">
      <label htmlFor={ids.idOf(name)} className="block text-sm text-slate-700">
        {text}
      </label>
      {look === "survey" ? (
        <textarea
          id={ids.idOf(name)}
          name={name}
          rows={2}
          maxLength={COMMENT_MAX}
          defaultValue={value}
          className={ANSWER_INPUT}
          {...ids.invalidProps(name, errors)}
        />
      ) : (
        <textarea
          id={ids.idOf(name)}
          name={name}
          rows={2}
          defaultValue={value}
          placeholder={text}
          aria-required={required || undefined}
          className={ANSWER_INPUT}
          {...ids.invalidProps(name, errors)}
        />
      )}
      <AnswerError field={field} look={look} />
    </div>
  );
}

/**
 * A choice question on the questionnaire look: numbered legend, what it is about (`details`),
 * its control (by default `ChoiceOptionsControl`; an area may rate several rows instead, or show
 * the answer read-only), what follows it (`after`), and its comment box (`comment`).
 */
export function ChoiceQuestion({
  number,
  label,
  details,
  control,
  after,
  comment,
}: {
  number: number;
  label: string;
  details?: React.ReactNode;
  control: React.ReactNode;
  after?: React.ReactNode;
  comment?: React.ReactNode;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-900">
        {number}. {label}
      </legend>
      {details}
      {control}
      {after}
      {comment}
    </fieldset>
  );
}

/**
 * A choice question on the survey look, answered: a dropdown (one answer), the NPS buttons, or a
 * list of radios or checkboxes (several answers); then its error and its comment box.
 */
export function SurveyChoiceQuestion({
  block,
  field,
  options,
  comment,
}: {
  block: { label: string; selectedOption: string; required: boolean; dropdown: boolean; multipleAnswers: boolean };
  field: AnswerField;
  options: ChoiceOption[];
  comment?: { field: AnswerField; guide: string; value: string };
}) {
  const { name, ids, errors } = field;
  const label = block.label || "Untitled question";
  const labelId = `${ids.idOf(name)}-label`;
  const nps = block.selectedOption === "nps";
  let control: React.ReactNode;
  if (block.dropdown && !block.multipleAnswers) {
    control = (
      <>
        <label id={labelId} htmlFor={ids.idOf(name)} className="block text-sm font-medium text-slate-900">
          {label}
          <RequiredMark required={block.required} asterisk="answer" />
        </label>
        <select
          id={ids.idOf(name)}
          name={name}
          required={block.required}
          defaultValue={options.find((o) => o.checked)?.value ?? ""}
          className={ANSWER_INPUT}
          {...ids.invalidProps(name, errors)}
        >
          <option value="">Select an answer</option>
          {options.map((o, i) => (
            <option key={`${o.value}-${i}`} value={o.value}>
              {o.text}
            </option>
          ))}
        </select>
      </>
    );
  } else {
    const type = block.multipleAnswers ? "checkbox" : "radio";
    control = (
      <fieldset
        role={type === "radio" ? "radiogroup" : undefined}
        aria-required={type === "radio" && block.required ? true : undefined}
        {...ids.invalidProps(name, errors)}
      >
        <legend id={labelId} className="text-sm font-medium text-slate-900">
          {label}
          <RequiredMark required={block.required} asterisk="answer" />
          {block.multipleAnswers ? <span className="ml-2 text-xs font-normal text-slate-500">Choose all that apply.</span> : null}
        </legend>
        {nps && !block.multipleAnswers ? (
          <div className="mt-2" data-nps>
            <div className="flex flex-wrap gap-1.5">
              {options.map((o, i) => (
                <label
                  key={`${o.value}-${i}`}
                  className="flex min-w-10 cursor-pointer flex-col items-center rounded-md border border-slate-300 px-2 py-1.5 text-sm has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600"
                >
                  <input
                    type="radio"
                    name={name}
                    value={o.value}
                    defaultChecked={o.checked}
                    required={block.required && i === 0}
                    className="sr-only"
                  />
                  {o.text}
                </label>
              ))}
            </div>
            <div className="mt-1 flex max-w-[36rem] justify-between text-xs text-slate-500" aria-hidden="true">
              <span>{NPS_LOW}</span>
              <span>{NPS_HIGH}</span>
            </div>
          </div>
        ) : (
          <div className="mt-2 space-y-1.5">
            {options.map((o, i) => (
              <label key={`${o.value}-${i}`} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type={type}
                  name={name}
                  value={o.value}
                  defaultChecked={o.checked}
                  required={type === "radio" && block.required && i === 0}
                  className="size-4"
                />
                {o.text}
              </label>
            ))}
          </div>
        )}
      </fieldset>
    );
  }
  return (
    <div className="space-y-2" data-block-type="choice" data-family={block.selectedOption}>
      {control}
      <AnswerError field={field} look="survey" />
      {comment ? <CommentBox field={comment.field} guide={comment.guide} value={comment.value} look="survey" /> : null}
    </div>
  );
}

/**
 * A choice question as a preview shows it, disabled: numbered legend (with `badge` after it), what
 * it is about (`details`), its choices as a dropdown, a matrix (`matrixRows`, each rated on the
 * choices), NPS buttons (survey look) or radios / checkboxes, and its comment box.
 */
export function ChoiceQuestionPreview({
  id,
  look,
  number,
  label,
  required,
  options,
  nps = false,
  dropdown,
  multiple = false,
  matrixRows,
  details,
  badge,
  commentGuide,
}: {
  id: string;
  look: Look;
  number: number;
  label: string;
  required: boolean;
  options: Array<{ key: string; text: string }>;
  nps?: boolean;
  dropdown: boolean;
  multiple?: boolean;
  matrixRows?: string[];
  details?: React.ReactNode;
  badge?: React.ReactNode;
  /** The comment box's guide when the question has one. */
  commentGuide?: string;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-900">
        {number}. {label}
        <RequiredMark required={required} asterisk={look === "survey" ? "preview" : undefined} />
        {badge}
      </legend>
      {details}
      {multiple ? <p className="text-xs text-slate-500">Choose all that apply.</p> : null}
      {dropdown ? (
        <select disabled multiple={multiple} aria-label={label} className={PREVIEW_INPUT}>
          {multiple ? null : <option>Select an option</option>}
          {options.map((o) => (
            <option key={o.key}>{o.text}</option>
          ))}
        </select>
      ) : matrixRows ? (
        <div className="overflow-x-auto">
          <MatrixTable rowsLabel="Item" options={options}>
            {matrixRows.map((row) => (
              <tr key={row}>
                <RowHeader>{row}</RowHeader>
                {options.map((o) => (
                  <td key={o.key} className="p-1 text-center">
                    <input type="radio" disabled aria-label={`${row}: ${o.text}`} />
                  </td>
                ))}
              </tr>
            ))}
          </MatrixTable>
        </div>
      ) : (
        <div className={nps ? "flex flex-wrap gap-1" : "flex flex-wrap gap-x-4 gap-y-1.5"}>
          {options.map((o) => (
            <label
              key={o.key}
              className={
                nps
                  ? "flex min-w-9 flex-col items-center rounded border border-slate-200 px-1.5 py-1 text-xs text-slate-700"
                  : "flex items-center gap-1.5 text-sm text-slate-700"
              }
            >
              <input type={multiple ? "checkbox" : "radio"} disabled name={id} />
              {o.text}
            </label>
          ))}
        </div>
      )}
      {nps ? (
        <p className="flex justify-between text-xs text-slate-500" aria-hidden="true">
          <span>{NPS_LOW}</span>
          <span>{NPS_HIGH}</span>
        </p>
      ) : null}
      {commentGuide !== undefined ? (
        <textarea
          disabled
          rows={2}
          placeholder={commentGuide || "Add a comment"}
          aria-label={`Comment on ${label}`}
          className={PREVIEW_INPUT}
        />
      ) : null}
    </fieldset>
  );
}
