import { GroupBlock } from "~/modules/blocks/components/group-block";
import { fieldIds, type Errors } from "~/modules/blocks/components/looks";
import { SurveyChoiceQuestion } from "~/modules/blocks/components/choice-question";
import { StaticTextBlock } from "~/modules/blocks/components/static-text-block";
import { TextQuestion } from "~/modules/blocks/components/text-question";
import { answerFieldName, NOT_APPLICABLE, NOT_APPLICABLE_VALUE, pickedValues } from "~/modules/blocks";
import {
  DEFAULT_PLACEHOLDER,
  type ChoiceBlock,
  type GroupQuestion,
  type SurveyAnswer,
  type SurveyAnswers,
  type SurveyBlock,
} from "../blocks";

const ids = fieldIds("survey");

function ChoiceQuestion({ block, answer, errors }: { block: ChoiceBlock; answer?: SurveyAnswer; errors: Errors }) {
  const picked = new Set(pickedValues(answer).map(String));
  const options = [
    ...block.choices.map((c) => ({ value: String(c.value), text: c.text, checked: picked.has(String(c.value)) })),
    ...(block.notApplicable ? [{ value: NOT_APPLICABLE_VALUE, text: NOT_APPLICABLE, checked: Boolean(answer?.notApplicable) }] : []),
  ];
  const comment = block.commentBox
    ? {
        field: { name: answerFieldName(block.id, "comment"), ids, errors },
        guide: block.commentBoxGuide,
        value: typeof answer?.comment === "string" ? answer.comment : "",
      }
    : undefined;
  return (
    <SurveyChoiceQuestion
      block={block}
      field={{ name: answerFieldName(block.id, "value"), ids, errors }}
      options={options}
      comment={comment}
    />
  );
}

function Question({ block, answers, errors }: { block: GroupQuestion; answers: SurveyAnswers; errors: Errors }) {
  if (block.type === "static-text") return <StaticTextBlock value={block.value} />;
  if (block.type === "choice") return <ChoiceQuestion block={block} answer={answers[block.id]} errors={errors} />;
  const answer = answers[block.id];
  return (
    <TextQuestion
      block={{ ...block, placeholder: block.placeholder || DEFAULT_PLACEHOLDER }}
      look="survey"
      multiline
      answer={{ name: answerFieldName(block.id, "value"), ids, value: typeof answer?.value === "string" ? answer.value : "", errors }}
    />
  );
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
          <GroupBlock key={block.id} id={block.id} label={block.label} description={block.description}>
            {block.questions.map((q) => (
              <div key={q.id} data-question={q.id}>
                <Question block={q} answers={answers} errors={errors} />
              </div>
            ))}
          </GroupBlock>
        ) : (
          <div key={block.id} data-question={block.id}>
            <Question block={block} answers={answers} errors={errors} />
          </div>
        )
      )}
    </div>
  );
}
