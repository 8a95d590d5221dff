import { ChoiceOptionsControl, ChoiceQuestion, CommentBox, type ChoiceOption } from "~/modules/blocks/components/choice-question";
import { HeadingBlock } from "~/modules/blocks/components/heading-block";
import { ANSWER_ERROR, ANSWER_INPUT, fieldIds, RequiredMark, type Errors } from "~/modules/blocks/components/looks";
import { TextQuestion } from "~/modules/blocks/components/text-question";
import { blockHasError, NOT_APPLICABLE, plainText, type Choice, type ChoiceValue } from "~/modules/blocks";
import { FieldError } from "~/ui/form-fields";
import { MatrixTable, RowHeader } from "~/ui/table";
import { CompetencyDetails } from "./competency-details";
import { sharedCopy } from "~/lib/copy";
import {
  answerFieldName,
  incomeStatementKpis,
  NO_QUESTIONS_AVAILABLE,
  objectiveScorecard,
  ratedRows,
  type AnswerPart,
  type RatedRow,
} from "../answers";
import { isRevieweeObjectives } from "../objective-answers";
import type { PairAnswer, PairAnswers } from "../campaign-machine";
import type { StoredBlock } from "../questionnaire-blocks";
import { answerText, choiceValueOf, isQuestion, NOT_ANSWERED, NOT_APPLICABLE_KEY, questionLabel } from "./pair-answers";

type QuestionBlock = Exclude<StoredBlock, { type: "title" | "subtitle" }>;

const ids = fieldIds("answer");
const { idOf, errorIdOf, invalidProps } = ids;
const INPUT = ANSWER_INPUT;

/** The choice a stored value names, by value (as stored or as text from SQL) or by its text. */
function choiceKey(choices: Choice[], value: unknown): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const match = choices.find((c) => String(c.value) === String(value) || c.text === String(value));
  return match ? String(match.value) : undefined;
}

function AnswerError({ name, errors }: { name: string; errors: Errors }) {
  return <FieldError id={errorIdOf(name)} errors={errors[name]} all className={ANSWER_ERROR} />;
}

/**
 * The questions of one review as form controls named by `answerFieldName`, for the to-do page
 * to wrap in its own `<form>`: plain inputs, radios and selects, so it works without JavaScript.
 * `readOnly` shows the answers as text instead (a completed review).
 */
export function AnswerFields({
  blocks,
  answers,
  errors,
  readOnly,
}: {
  blocks: StoredBlock[];
  answers: PairAnswers;
  errors: Record<string, string[]>;
  readOnly: boolean;
}) {
  if (!blocks.some(isQuestion)) {
    return (
      <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{NO_QUESTIONS_AVAILABLE}</p>
    );
  }
  const firstError = readOnly ? undefined : blocks.find((b) => isQuestion(b) && blockHasError(b.id, errors))?.id;
  let number = 0;
  return (
    <div className="space-y-6" data-answer-fields>
      {blocks.map((block) => {
        if (!isQuestion(block)) return <HeadingBlock key={block.id} type={block.type} text={block.titleValue.text} />;
        number += 1;
        return (
          <div key={block.id} data-question={block.id} data-first-error={block.id === firstError ? "" : undefined} className="space-y-2">
            <Question block={block} number={number} answer={answers[block.id]} errors={errors} readOnly={readOnly} />
          </div>
        );
      })}
    </div>
  );
}

function Question({
  block,
  number,
  answer,
  errors,
  readOnly,
}: {
  block: QuestionBlock;
  number: number;
  answer: PairAnswer | undefined;
  errors: Errors;
  readOnly: boolean;
}) {
  const label = questionLabel(block) || "Untitled question";
  if (block.type === "objective-question" && isRevieweeObjectives(block)) {
    // About the reviewee's objectives, and they have none in the review's period: nothing to rate.
    return (
      <>
        <p className="text-sm font-medium text-slate-900">
          {number}. {block.objectiveValue.label || sharedCopy.revieweeObjectivesChoice}
        </p>
        <p className="text-sm text-slate-600">{sharedCopy.reviewNoObjectives}</p>
      </>
    );
  }
  if (block.type === "short-text" || block.type === "long-text") {
    const name = answerFieldName(block.id, "value");
    if (readOnly) {
      const text = answerText(block, answer);
      const shown = block.type === "long-text" && text !== NOT_ANSWERED ? plainText(text) || NOT_ANSWERED : text;
      return (
        <>
          <p className="text-sm font-medium text-slate-900">
            {number}. {label}
            <RequiredMark required={block.textValue.required} />
          </p>
          <p className="whitespace-pre-wrap text-sm text-slate-700">{shown}</p>
        </>
      );
    }
    return (
      <TextQuestion
        block={block.textValue}
        look="questionnaire"
        multiline={block.type === "long-text"}
        number={number}
        answer={{ name, ids, value: typeof answer?.value === "string" ? answer.value : "", errors }}
      />
    );
  }
  const choice = choiceValueOf(block) as ChoiceValue;
  const rows = ratedRows(block);
  const comment = typeof answer?.comment === "string" ? answer.comment : "";
  return (
    <ChoiceQuestion
      number={number}
      label={label}
      details={<Details block={block} />}
      control={
        readOnly ? (
          <ReadOnlyAnswer block={block} rows={rows} answer={answer} />
        ) : rows ? (
          <RowsControl block={block} choice={choice} rows={rows} answer={answer} errors={errors} label={label} />
        ) : (
          <ChoiceOptionsControl
            field={{ name: answerFieldName(block.id, "value"), ids, errors }}
            options={optionsOf(choice, true, answer)}
            dropdown={choice.selectedView === "dropdown" || choice.dropdown}
            label={label}
          />
        )
      }
      after={
        <>
          <KpiActuals block={block} answer={answer} errors={errors} readOnly={readOnly} />
          <ScorecardLine block={block} answer={answer} />
        </>
      }
      comment={
        !choice.commentBox ? null : readOnly ? (
          <ReadOnlyComment guide={choice.commentBoxGuide} comment={comment} />
        ) : (
          <CommentBox
            field={{ name: answerFieldName(block.id, "comment"), ids, errors }}
            guide={choice.commentBoxGuide}
            value={comment}
            look="questionnaire"
            required={choice.required}
          />
        )
      }
    />
  );
}

/** What the question is about: the competency's description and behaviours, the objective's weight, type and KPIs. */
function Details({ block }: { block: QuestionBlock }) {
  if (block.type === "competency-question") {
    const v = block.competencyValue;
    if (!v.competency) return null;
    return <CompetencyDetails competency={v.competency} showDescription={v.showDescription} showBehaviours={v.showBehaviours} />;
  }
  if (block.type === "objective-question") {
    const v = block.objectiveValue;
    const objective = v.objective;
    if (!objective) return null;
    const kind =
      objective.docType === "okr"
        ? sharedCopy.objectiveOkr
        : objective.docType === "performance-contract"
        ? sharedCopy.objectivePerformanceContract
        : objective.docType;
    return (
      <div className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
        <p className="font-medium">{objective.name}</p>
        <p className="mt-0.5 text-xs text-slate-500">{`${sharedCopy.reviewObjectiveWeight(objective.weight)}${kind ? ` · ${kind}` : ""}`}</p>
        {v.showKPIs && objective.kpis.length > 0 ? (
          <ul className="mt-1 list-disc pl-5">
            {objective.kpis.map((k, i) => (
              <li key={`${k.name}-${i}`}>
                {k.name}
                {k.description ? ` — ${k.description}` : ""}
                {kpiFacts(k) ? ` (${kpiFacts(k)})` : ""}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    );
  }
  return null;
}

type Kpi = NonNullable<Extract<StoredBlock, { type: "objective-question" }>["objectiveValue"]["objective"]>["kpis"][number];

/** A KPI's facts in one line: target, actual, period, sub-role, client, industry (those set). */
function kpiFacts(k: Kpi): string {
  return [
    k.target ? sharedCopy.reviewKpiTarget(k.target, k.unit) : null,
    k.actual ? sharedCopy.reviewKpiActual(k.actual, k.unit) : null,
    k.period,
    k.subRole,
    k.client,
    k.industry,
  ]
    .filter(Boolean)
    .join(", ");
}

/**
 * The actual of each income-statement KPI of a rated objective (000 §5: required), prefilled with
 * the KPI's own actual; read-only once submitted.
 */
function KpiActuals({ block, answer, errors, readOnly }: { block: QuestionBlock; answer: PairAnswer | undefined; errors: Errors; readOnly: boolean }) {
  const indexes = incomeStatementKpis(block);
  if (block.type !== "objective-question" || !block.objectiveValue.objective || indexes.length === 0) return null;
  const kpis = block.objectiveValue.objective.kpis;
  return (
    <div className="space-y-2">
      {indexes.map((i) => {
        const kpi = kpis[i];
        const name = answerFieldName(block.id, `actual.${i}`);
        const given = answer?.actuals?.[i] ?? (answer ? null : kpi.actual ?? null);
        if (readOnly)
          return (
            <p key={name} className="text-sm text-slate-700">
              {sharedCopy.reviewKpiActualLabel(kpi.name)}: {given ?? NOT_ANSWERED}
            </p>
          );
        return (
          <div key={name} className="space-y-1">
            <label htmlFor={idOf(name)} className="block text-sm text-slate-700">
              {sharedCopy.reviewKpiActualLabel(kpi.name)}
              <RequiredMark required />
            </label>
            <input
              id={idOf(name)}
              name={name}
              type="number"
              step="0.01"
              inputMode="decimal"
              defaultValue={given ?? ""}
              className={INPUT}
              {...invalidProps(name, errors)}
            />
            <AnswerError name={name} errors={errors} />
          </div>
        );
      })}
    </div>
  );
}

function ScorecardLine({ block, answer }: { block: QuestionBlock; answer: PairAnswer | undefined }) {
  const card = objectiveScorecard(block, answer);
  if (!card) return null;
  return (
    <p className="text-sm text-slate-700" data-scorecard>
      {`Score: ${card.weight} × ${card.value} = ${card.score}`}
    </p>
  );
}

/**
 * The options of a choice question, with Not Applicable last when the question offers it; the
 * one the answer holds is checked (Not Applicable, or the first value's choice).
 */
function optionsOf(choice: ChoiceValue, withNotApplicable: boolean, answer?: PairAnswer): ChoiceOption[] {
  const current = answer?.notApplicable
    ? NOT_APPLICABLE_KEY
    : choiceKey(choice.choices, Array.isArray(answer?.value) ? answer?.value[0] : answer?.value);
  const options = choice.choices.map((c) => ({ text: c.text, value: String(c.value) }));
  const all =
    withNotApplicable && choice.isNotApplicableOption ? [...options, { text: NOT_APPLICABLE, value: NOT_APPLICABLE_KEY }] : options;
  return all.map((o) => ({ ...o, checked: current === o.value }));
}

/** A question rated per behaviour or per KPI: a matrix of radios (or one dropdown a row). */
function RowsControl({
  block,
  choice,
  rows,
  answer,
  errors,
  label,
}: {
  block: QuestionBlock;
  choice: ChoiceValue;
  rows: RatedRow[];
  answer: PairAnswer | undefined;
  errors: Errors;
  label: string;
}) {
  const options = optionsOf(choice, false);
  const values = Array.isArray(answer?.value) ? answer.value : [];
  const rowName = (part: AnswerPart) => answerFieldName(block.id, part);
  const current = (i: number) => choiceKey(choice.choices, values[i]);
  const naName = answerFieldName(block.id, "na");
  const dropdown = choice.selectedView === "dropdown" || choice.dropdown;
  return (
    <>
      {dropdown ? (
        <div className="space-y-2">
          {rows.map((row, i) => {
            const name = rowName(row.part);
            return (
              <div key={row.part} className="space-y-1">
                <label htmlFor={idOf(name)} className="block text-sm text-slate-700">
                  {row.name}
                </label>
                <select id={idOf(name)} name={name} defaultValue={current(i) ?? ""} className={INPUT} {...invalidProps(name, errors)}>
                  <option value="">Select an option</option>
                  {options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.text}
                    </option>
                  ))}
                </select>
                <AnswerError name={name} errors={errors} />
              </div>
            );
          })}
        </div>
      ) : (
        <div className="overflow-x-auto">
          <MatrixTable
            caption={label}
            rowsLabel={block.type === "objective-question" ? "KPI" : "Behaviour"}
            options={options.map((o) => ({ key: o.value, text: o.text }))}
          >
            {rows.map((row, i) => {
              const name = rowName(row.part);
              const invalid = invalidProps(name, errors);
              return (
                <tr key={row.part}>
                  <RowHeader>
                    {row.name}
                    <AnswerError name={name} errors={errors} />
                  </RowHeader>
                  {options.map((o) => (
                    <td key={o.value} className="p-1 text-center">
                      <input
                        type="radio"
                        name={name}
                        value={o.value}
                        defaultChecked={current(i) === o.value}
                        aria-label={`${row.name}: ${o.text}`}
                        {...invalid}
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </MatrixTable>
        </div>
      )}
      {choice.isNotApplicableOption ? (
        <label className="flex items-center gap-1.5 text-sm text-slate-700">
          <input type="checkbox" id={idOf(naName)} name={naName} value="on" defaultChecked={Boolean(answer?.notApplicable)} />
          {NOT_APPLICABLE}
        </label>
      ) : null}
    </>
  );
}

function ReadOnlyAnswer({ block, rows, answer }: { block: QuestionBlock; rows: RatedRow[] | null; answer: PairAnswer | undefined }) {
  if (!rows || answer?.notApplicable) return <p className="text-sm text-slate-700">{answerText(block, answer)}</p>;
  const values = Array.isArray(answer?.value) ? answer.value : [];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map((row, i) => (
        <div key={row.part} className="contents">
          <dt className="text-slate-600">{row.name}</dt>
          <dd className="text-slate-800">{answerText(block, values[i] ? { value: values[i] } : undefined)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A completed review's comment, under its guide (nothing when none was written). */
function ReadOnlyComment({ guide, comment }: { guide: string; comment: string }) {
  if (!comment.trim()) return null;
  return (
    <div className="text-sm">
      <p className="text-slate-600">{guide || "Comment"}</p>
      <p className="whitespace-pre-wrap text-slate-800">{comment}</p>
    </div>
  );
}
