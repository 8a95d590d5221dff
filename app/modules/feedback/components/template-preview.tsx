import type { Copy } from "~/lib/copy";
import { ChoiceQuestionPreview } from "~/modules/blocks/components/choice-question";
import { GroupBlock } from "~/modules/blocks/components/group-block";
import { HeadingBlock } from "~/modules/blocks/components/heading-block";
import { TextQuestionPreview } from "~/modules/blocks/components/text-question";
import { NOT_APPLICABLE } from "~/modules/blocks/scales";
import type { Choice } from "~/modules/blocks/scales";
import type { LoopBlock } from "../feedback-blocks";

/**
 * A loop's or template's blocks as a sender sees them, read-only (002 §2.4 Preview): feedback
 * templates in the questionnaire look (numbered, "(optional)"), 1-on-1 agendas in the survey look
 * of prep surveys. No blocks at all is the specification's empty state.
 */
export function LoopBlocksPreview({ blocks, words, idPrefix = "preview" }: { blocks: LoopBlock[]; words: Copy; idPrefix?: string }) {
  if (blocks.length === 0) {
    return <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{words.noFeedbackLoopDetails}</p>;
  }
  const counter = { n: 0 };
  return (
    <div className="space-y-5" data-loop-preview>
      {blocks.map((block, i) => (
        <PreviewBlock key={`${block.id}-${i}`} block={block} counter={counter} idPrefix={idPrefix} />
      ))}
    </div>
  );
}

const optionsOf = (choices: Choice[], notApplicable: boolean) => [
  ...choices.map((c) => ({ key: `${c.value}-${c.text}`, text: c.text })),
  ...(notApplicable ? [{ key: "na", text: NOT_APPLICABLE }] : []),
];

function PreviewBlock({ block, counter, idPrefix }: { block: LoopBlock; counter: { n: number }; idPrefix: string }) {
  const id = `${idPrefix}-${block.id}`;
  switch (block.type) {
    case "title":
    case "subtitle":
      return <HeadingBlock type={block.type} text={block.titleValue.text} preview />;
    case "short-text":
    case "long-text":
      counter.n += 1;
      return (
        <TextQuestionPreview
          block={block.textValue}
          look="questionnaire"
          multiline={block.type === "long-text"}
          number={counter.n}
          id={id}
        />
      );
    case "multi-select": {
      counter.n += 1;
      const v = block.multiSelectValue;
      return (
        <ChoiceQuestionPreview
          id={id}
          look="questionnaire"
          number={counter.n}
          label={v.label || "Untitled question"}
          required={v.required}
          options={optionsOf(v.choices, v.isNotApplicableOption)}
          dropdown={v.dropdown}
          commentGuide={v.commentBox ? v.commentBoxGuide : undefined}
        />
      );
    }
    case "choice":
      counter.n += 1;
      return (
        <ChoiceQuestionPreview
          id={id}
          look="survey"
          number={counter.n}
          label={block.label || "Untitled question"}
          required={block.required}
          options={optionsOf(block.choices, Boolean(block.notApplicable))}
          dropdown={block.dropdown}
          multiple={block.multipleAnswers}
          commentGuide={block.commentBox ? block.commentBoxGuide : undefined}
        />
      );
    case "group":
      return (
        <GroupBlock id={block.id} label={block.label} description={block.description} preview>
          {block.questions.map((q, i) => (
            <PreviewBlock key={`${q.id}-${i}`} block={q} counter={counter} idPrefix={idPrefix} />
          ))}
        </GroupBlock>
      );
  }
}
