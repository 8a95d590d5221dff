import { FieldError } from "~/ui/form-fields";
import { TEXT_MAX } from "../answers";
import { ANSWER_ERROR, ANSWER_INPUT, PREVIEW_INPUT, RequiredMark, type Errors, type FieldIds, type Look } from "./looks";

/**
 * A text question (short text, long text, text input): its label and its box, answered or
 * previewed (disabled). `multiline` gives a text area, else a one-line input.
 */
export interface TextQuestionBlock {
  label: string;
  placeholder: string;
  required: boolean;
}

export function TextQuestion({
  block,
  look,
  multiline,
  number,
  answer,
}: {
  block: TextQuestionBlock;
  look: Look;
  multiline: boolean;
  /** The question's number, shown before its label. */
  number?: number;
  /** The answer form's field: its name, ids, current value and the form's errors. */
  answer: { name: string; ids: FieldIds; value: string; errors: Errors };
}) {
  const { name, ids, value, errors } = answer;
  const label = block.label || "Untitled question";
  const error = (
    <FieldError id={ids.errorIdOf(name)} errors={errors[name]} all className={ANSWER_ERROR} field={look === "survey" ? name : undefined} />
  );
  if (look === "survey") {
    return (
      <div className="space-y-2" data-block-type="text-input">
        <label htmlFor={ids.idOf(name)} className="block text-sm font-medium text-slate-900">
          {label}
          <RequiredMark required={block.required} asterisk="answer" />
        </label>
        <textarea
          id={ids.idOf(name)}
          name={name}
          rows={3}
          maxLength={TEXT_MAX}
          required={block.required}
          placeholder={block.placeholder}
          defaultValue={value}
          className={ANSWER_INPUT}
          {...ids.invalidProps(name, errors)}
        />
        {error}
      </div>
    );
  }
  const common = {
    id: ids.idOf(name),
    name,
    defaultValue: value,
    placeholder: block.placeholder,
    "aria-required": block.required || undefined,
    className: ANSWER_INPUT,
    ...ids.invalidProps(name, errors),
  };
  return (
    <>
      <label htmlFor={ids.idOf(name)} className="block text-sm font-medium text-slate-900">
        {number}. {label}
        <RequiredMark required={block.required} />
      </label>
      {multiline ? <textarea rows={4} {...common} /> : <input type="text" {...common} />}
      {error}
    </>
  );
}

/** A text question as a preview shows it: numbered, its box disabled. */
export function TextQuestionPreview({
  block,
  look,
  multiline,
  number,
  id,
}: {
  block: TextQuestionBlock;
  look: Look;
  multiline: boolean;
  number: number;
  id: string;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {number}. {block.label || "Untitled question"}
        <RequiredMark required={block.required} asterisk={look === "survey" ? "preview" : undefined} />
      </label>
      {multiline ? (
        <textarea id={id} disabled rows={look === "survey" ? 2 : 3} placeholder={block.placeholder} className={PREVIEW_INPUT} />
      ) : (
        <input id={id} disabled placeholder={block.placeholder} className={PREVIEW_INPUT} />
      )}
    </div>
  );
}
