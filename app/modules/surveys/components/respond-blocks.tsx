import { NOT_APPLICABLE } from "~/modules/blocks/scales";
import { answerFieldName, COMMENT_MAX, NOT_APPLICABLE_VALUE, pickedValues, TEXT_MAX } from "~/modules/blocks";
import {
  DEFAULT_PLACEHOLDER,
  type ChoiceBlock,
  type GroupQuestion,
  type SurveyAnswer,
  type SurveyAnswers,
  type SurveyBlock,
  type TextInputBlock,
} from "../blocks";

type Errors = Record<string, string[]>;

/** An element id for a field name (dots would need escaping in CSS selectors). */
const idOf = (name: string) => `survey-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;
const errorIdOf = (name: string) => `${idOf(name)}-error`;

const INPUT = "w-full rounded-md border border-slate-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-500";
const NPS_LOW = "Not at all likely";
const NPS_HIGH = "Extremely likely";

function FieldError({ name, errors }: { name: string; errors: Errors }) {
  const messages = errors[name];
  if (!messages?.length) return null;
  return (
    <p id={errorIdOf(name)} className="text-sm text-red-600" data-field-error={name}>
      {messages.join(" ")}
    </p>
  );
}

function invalidProps(name: string, errors: Errors) {
  return errors[name]?.length ? { "aria-invalid": true as const, "aria-describedby": errorIdOf(name) } : {};
}

/** Static text as the builder stores it, shown as plain paragraphs (any markup is dropped, never rendered). */
function paragraphsOf(value: string): string[] {
  return value
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|li|h\d)>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/gi, " ")
    .replace(/&amp;/gi, "&")
    .replace(/&lt;/gi, "<")
    .replace(/&gt;/gi, ">")
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
}

function StaticText({ value }: { value: string }) {
  return (
    <div className="space-y-2 text-sm whitespace-pre-line text-slate-700" data-block-type="static-text">
      {paragraphsOf(value).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}

function RequiredMark({ required }: { required: boolean }) {
  return required ? (
    <span className="ml-0.5 text-red-600" aria-hidden="true">
      *
    </span>
  ) : (
    <span className="ml-1 text-xs font-normal text-slate-500">(optional)</span>
  );
}

function TextQuestion({ block, answer, errors }: { block: TextInputBlock; answer?: SurveyAnswer; errors: Errors }) {
  const name = answerFieldName(block.id, "value");
  return (
    <div className="space-y-2" data-block-type="text-input">
      <label htmlFor={idOf(name)} className="block text-sm font-medium text-slate-900">
        {block.label || "Untitled question"}
        <RequiredMark required={block.required} />
      </label>
      <textarea
        id={idOf(name)}
        name={name}
        rows={3}
        maxLength={TEXT_MAX}
        required={block.required}
        placeholder={block.placeholder || DEFAULT_PLACEHOLDER}
        defaultValue={typeof answer?.value === "string" ? answer.value : ""}
        className={INPUT}
        {...invalidProps(name, errors)}
      />
      <FieldError name={name} errors={errors} />
    </div>
  );
}

function ChoiceQuestion({ block, answer, errors }: { block: ChoiceBlock; answer?: SurveyAnswer; errors: Errors }) {
  const name = answerFieldName(block.id, "value");
  const commentName = answerFieldName(block.id, "comment");
  const picked = new Set(pickedValues(answer).map(String));
  const na = Boolean(answer?.notApplicable);
  const label = block.label || "Untitled question";
  const labelId = `${idOf(name)}-label`;
  const options = [
    ...block.choices.map((c) => ({ value: String(c.value), text: c.text, checked: picked.has(String(c.value)) })),
    ...(block.notApplicable ? [{ value: NOT_APPLICABLE_VALUE, text: NOT_APPLICABLE, checked: na }] : []),
  ];
  const nps = block.selectedOption === "nps";
  let control: React.ReactNode;
  if (block.dropdown && !block.multipleAnswers) {
    control = (
      <>
        <label id={labelId} htmlFor={idOf(name)} className="block text-sm font-medium text-slate-900">
          {label}
          <RequiredMark required={block.required} />
        </label>
        <select
          id={idOf(name)}
          name={name}
          required={block.required}
          defaultValue={options.find((o) => o.checked)?.value ?? ""}
          className={INPUT}
          {...invalidProps(name, errors)}
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
        {...invalidProps(name, errors)}
      >
        <legend id={labelId} className="text-sm font-medium text-slate-900">
          {label}
          <RequiredMark required={block.required} />
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
      <FieldError name={name} errors={errors} />
      {block.commentBox ? (
        <div className="space-y-1">
          <label htmlFor={idOf(commentName)} className="block text-sm text-slate-700">
            {block.commentBoxGuide || "Comment"}
          </label>
          <textarea
            id={idOf(commentName)}
            name={commentName}
            rows={2}
            maxLength={COMMENT_MAX}
            defaultValue={typeof answer?.comment === "string" ? answer.comment : ""}
            className={INPUT}
            {...invalidProps(commentName, errors)}
          />
          <FieldError name={commentName} errors={errors} />
        </div>
      ) : null}
    </div>
  );
}

function Question({ block, answers, errors }: { block: GroupQuestion; answers: SurveyAnswers; errors: Errors }) {
  if (block.type === "static-text") return <StaticText value={block.value} />;
  if (block.type === "text-input") return <TextQuestion block={block} answer={answers[block.id]} errors={errors} />;
  return <ChoiceQuestion block={block} answer={answers[block.id]} errors={errors} />;
}

/**
 * The blocks of a run as form controls named by `answerFieldName`, for the respondent page to wrap
 * in its own `<form>`: plain radios, checkboxes, selects and text areas, so it works without
 * JavaScript. Groups show their label and description above their questions.
 */
export function RespondBlocks({ blocks, answers, errors }: { blocks: SurveyBlock[]; answers: SurveyAnswers; errors: Errors }) {
  return (
    <div className="space-y-6" data-respond-blocks>
      {blocks.map((block) =>
        block.type === "group" ? (
          <section
            key={block.id}
            aria-labelledby={`group-${block.id}`}
            className="space-y-5 rounded-lg border border-slate-200 bg-slate-50/60 p-4"
            data-block-type="group"
          >
            <div>
              <h2 id={`group-${block.id}`} className="text-base font-semibold text-slate-900">
                {block.label}
              </h2>
              {block.description ? <p className="mt-1 text-sm text-slate-600">{block.description}</p> : null}
            </div>
            {block.questions.map((q) => (
              <div key={q.id} data-question={q.id}>
                <Question block={q} answers={answers} errors={errors} />
              </div>
            ))}
          </section>
        ) : (
          <div key={block.id} data-question={block.id}>
            <Question block={block} answers={answers} errors={errors} />
          </div>
        )
      )}
    </div>
  );
}
