import { ChoiceOptionsControl, ChoiceQuestion, CommentBox } from "~/modules/blocks/components/choice-question";
import { HeadingBlock } from "~/modules/blocks/components/heading-block";
import { ANSWER_ERROR, ANSWER_INPUT, fieldIds, type Errors } from "~/modules/blocks/components/looks";
import { TextQuestion } from "~/modules/blocks/components/text-question";
import { answerFieldName, NOT_APPLICABLE, TEXT_MAX } from "~/modules/blocks";
import { FieldError } from "~/ui/form-fields";
import type { FeedbackTemplateBlock } from "../feedback-blocks";
import { BEHAVIOUR_TYPE_LABELS, FIELD_HINTS, FIELD_LABELS, FORMAT_FIELDS, REQUIRED_FIELDS, type TagCatalogue } from "../give";
import type { FeedbackTextField } from "../item-record";
import type { FeedbackFormat } from "../loop-types";

/**
 * The parts of every Give Feedback form: a format's text fields or a template's blocks (rendered
 * by the blocks kernel, questionnaire look), and the competency and behaviour tags. Plain form
 * controls only, so each page's `<form>` works without JavaScript; `values` are what was posted
 * (shown again with the errors).
 */

export type Posted = Record<string, string | string[] | undefined>;
const ids = fieldIds("give");
const str = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? "") : (v ?? ""));

export function FormatFields({ format, values, errors }: { format: FeedbackFormat; values: Posted; errors: Errors }) {
  const required = new Set<FeedbackTextField>(REQUIRED_FIELDS[format]);
  return (
    <div className="space-y-5" data-format={format}>
      {FORMAT_FIELDS[format].map((name) => {
        const hint = FIELD_HINTS[name];
        const describedBy = [hint ? `${ids.idOf(name)}-hint` : null, errors[name]?.length ? ids.errorIdOf(name) : null].filter(Boolean).join(" ");
        return (
          <div key={name} className="space-y-1">
            <label htmlFor={ids.idOf(name)} className="block text-sm font-medium text-slate-900">
              {FIELD_LABELS[name]}
              {required.has(name) ? null : <span className="ml-1 text-xs font-normal text-slate-500">(optional)</span>}
            </label>
            {hint ? (
              <p id={`${ids.idOf(name)}-hint`} className="text-xs text-slate-500">
                {hint}
              </p>
            ) : null}
            <textarea
              id={ids.idOf(name)}
              name={name}
              rows={name === "feedbackText" ? 6 : 3}
              maxLength={TEXT_MAX}
              defaultValue={str(values[name])}
              aria-required={required.has(name) || undefined}
              aria-invalid={errors[name]?.length ? true : undefined}
              aria-describedby={describedBy || undefined}
              className={ANSWER_INPUT}
            />
            <FieldError id={ids.errorIdOf(name)} errors={errors[name]} className={ANSWER_ERROR} field={name} />
          </div>
        );
      })}
    </div>
  );
}

type Answerable = Extract<FeedbackTemplateBlock, { type: "short-text" | "long-text" | "multi-select" }>;

function BlockQuestion({ block, number, values, errors }: { block: Answerable; number: number; values: Posted; errors: Errors }) {
  const name = answerFieldName(block.id, "value");
  if (block.type === "multi-select") {
    const v = block.multiSelectValue;
    const chosen = str(values[name]);
    const options = [
      ...v.choices.map((c) => ({ value: String(c.value), text: c.text, checked: chosen === String(c.value) })),
      ...(v.isNotApplicableOption ? [{ value: "na", text: NOT_APPLICABLE, checked: chosen === "na" }] : []),
    ];
    const commentName = answerFieldName(block.id, "comment");
    return (
      <ChoiceQuestion
        number={number}
        label={v.label || "Untitled question"}
        control={<ChoiceOptionsControl field={{ name, ids, errors }} options={options} dropdown={v.dropdown} label={v.label} />}
        comment={
          v.commentBox ? (
            <CommentBox field={{ name: commentName, ids, errors }} guide={v.commentBoxGuide} value={str(values[commentName])} look="questionnaire" />
          ) : undefined
        }
      />
    );
  }
  return (
    <TextQuestion
      block={block.textValue}
      look="questionnaire"
      multiline={block.type === "long-text"}
      number={number}
      answer={{ name, ids, value: str(values[name]), errors }}
    />
  );
}

export function TemplateFields({ blocks, values, errors }: { blocks: FeedbackTemplateBlock[]; values: Posted; errors: Errors }) {
  let number = 0;
  const render = (block: FeedbackTemplateBlock): React.ReactNode => {
    if (block.type === "title" || block.type === "subtitle") return <HeadingBlock key={block.id} type={block.type} text={block.titleValue.text} />;
    if (block.type === "group") {
      return (
        <fieldset key={block.id} className="space-y-4 rounded-md border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">{block.label}</legend>
          {block.description ? <p className="text-sm text-slate-600">{block.description}</p> : null}
          {block.questions.map(render)}
        </fieldset>
      );
    }
    number += 1;
    return (
      <div key={block.id} className="space-y-2" data-question={block.id}>
        <BlockQuestion block={block as Answerable} number={number} values={values} errors={errors} />
      </div>
    );
  };
  return <div className="space-y-6">{blocks.map(render)}</div>;
}

/**
 * Tags: each competency a disclosure with a checkbox, and each of its behaviours tagged a
 * strength, a development area or neither (002 §9 behaviour types).
 */
export function TagFields({ catalogue, values }: { catalogue: TagCatalogue[]; values: Posted }) {
  if (catalogue.length === 0) return null;
  const chosen = new Set(Array.isArray(values.competency) ? values.competency : values.competency ? [values.competency] : []);
  return (
    <fieldset className="space-y-2" data-tags>
      <legend className="text-sm font-medium text-slate-900">
        Competencies and behaviours <span className="ml-1 text-xs font-normal text-slate-500">(optional)</span>
      </legend>
      <p className="text-xs text-slate-500">Tag the competencies this feedback is about, and each behaviour as a strength or a development area.</p>
      <ul className="space-y-2">
        {catalogue.map((c) => {
          const tagged = c.behaviours.some((b) => str(values[`behaviour.${b.id}`]));
          return (
            <li key={c.id} className="rounded-md border border-slate-200">
              <details open={chosen.has(c.id) || tagged} className="group">
                <summary className="cursor-pointer list-none px-3 py-2 text-sm text-slate-900 [&::-webkit-details-marker]:hidden">
                  <span className="inline-flex items-center gap-2">
                    <span aria-hidden="true" className="text-slate-400 group-open:rotate-90">
                      ›
                    </span>
                    {c.name}
                  </span>
                </summary>
                <div className="space-y-2 border-t border-slate-100 px-3 py-2">
                  <label className="flex items-center gap-2 text-sm text-slate-800">
                    <input type="checkbox" name="competency" value={c.id} defaultChecked={chosen.has(c.id)} className="size-4" />
                    Tag {c.name}
                  </label>
                  {c.behaviours.map((b) => {
                    const name = `behaviour.${b.id}`;
                    const current = str(values[name]);
                    return (
                      <fieldset key={b.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 pl-6 text-sm">
                        <legend className="sr-only">{b.name}</legend>
                        <span aria-hidden="true" className="min-w-40 text-slate-700">
                          {b.name}
                        </span>
                        {(["", "strength", "developmentArea"] as const).map((type) => (
                          <label key={type || "none"} className="flex items-center gap-1.5 text-slate-700">
                            <input type="radio" name={name} value={type} defaultChecked={current === type} />
                            {type ? BEHAVIOUR_TYPE_LABELS[type] : "Not tagged"}
                          </label>
                        ))}
                      </fieldset>
                    );
                  })}
                </div>
              </details>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
