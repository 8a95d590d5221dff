import { sharedCopy } from "~/lib/copy";
import { NOT_APPLICABLE } from "~/modules/blocks/scales";
import { ChoiceQuestionPreview } from "~/modules/blocks/components/choice-question";
import { GroupBlock } from "~/modules/blocks/components/group-block";
import { HeadingBlock } from "~/modules/blocks/components/heading-block";
import { TextQuestionPreview } from "~/modules/blocks/components/text-question";
import type { ConfigPage } from "../config-page";
import type { LoopBlock } from "../feedback-blocks";
import type { FeedbackFormat } from "../loop-types";

/**
 * The live preview (002 §2.4): the chat message a sender gets (title, greeting, the notification
 * message, whom the feedback is for, Give Feedback and Dismiss) and the 'Give Feedback' form it
 * opens, read-only, from the loop's blocks or its predefined format.
 */

const FORMAT_FIELDS: Record<FeedbackFormat, string[]> = {
  SBI: ["Situation", "Behavior", "Impact", "Next step"],
  SaD: ["Strength", "Development area", "Next step"],
  FreeText: ["Feedback"],
};

type Question = Exclude<LoopBlock, { type: "group" }>;

function PreviewBlock({ block, number }: { block: Question; number: number }) {
  const id = `loop-preview-${block.id}`;
  if (block.type === "title" || block.type === "subtitle") return <HeadingBlock type={block.type} text={block.titleValue.text} preview />;
  if (block.type === "short-text" || block.type === "long-text") {
    const v = block.textValue;
    return (
      <TextQuestionPreview block={v} look="survey" multiline={block.type === "long-text"} number={number} id={id} />
    );
  }
  if (block.type === "multi-select") {
    const v = block.multiSelectValue;
    const options = v.choices.map((c) => ({ key: `${c.value}-${c.text}`, text: c.text }));
    if (v.isNotApplicableOption) options.push({ key: "na", text: NOT_APPLICABLE });
    return (
      <ChoiceQuestionPreview
        id={id}
        look="survey"
        number={number}
        label={v.label}
        required={v.required}
        options={options}
        dropdown={v.dropdown}
        multiple
        commentGuide={v.commentBox ? v.commentBoxGuide : undefined}
      />
    );
  }
  if (block.type === "choice") {
    return (
      <ChoiceQuestionPreview
        id={id}
        look="survey"
        number={number}
        label={block.label}
        required={block.required}
        options={block.choices.map((c) => ({ key: `${c.value}-${c.text}`, text: c.text }))}
        dropdown={block.dropdown}
        multiple={block.multipleAnswers}
        commentGuide={block.commentBox ? block.commentBoxGuide : undefined}
      />
    );
  }
  return null;
}

function FormPreview({ page }: { page: ConfigPage }) {
  let n = 0;
  const numbered = (b: Question) => (b.type === "title" || b.type === "subtitle" ? 0 : ++n);
  if (page.blocks.length === 0 && page.templateFormat) {
    return (
      <div className="space-y-3">
        {FORMAT_FIELDS[page.templateFormat].map((label, i) => (
          <TextQuestionPreview
            key={label}
            block={{ label, placeholder: "Type your answer here", required: true }}
            look="survey"
            multiline
            number={i + 1}
            id={`loop-preview-format-${i}`}
          />
        ))}
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {page.blocks.map((b) =>
        b.type === "group" ? (
          <GroupBlock key={b.id} id={b.id} label={b.label} description={b.description} preview>
            {(b.questions as Question[]).map((q) => (
              <PreviewBlock key={q.id} block={q} number={numbered(q)} />
            ))}
          </GroupBlock>
        ) : (
          <PreviewBlock key={b.id} block={b} number={numbered(b)} />
        )
      )}
    </div>
  );
}

export function ConfigPreview({ page }: { page: ConfigPage }) {
  const empty = page.blocks.length === 0 && !page.templateFormat;
  const { preview } = page;
  const forText = preview.selfSelect
    ? "colleagues of your choosing"
    : preview.feedbackFor.length
    ? `${preview.feedbackFor.join(", ")}${preview.more ? ` and ${preview.more} more` : ""}`
    : "—";
  return (
    <section aria-labelledby="preview-heading" className="space-y-4" data-loop-preview>
      <h2 id="preview-heading" className="text-base font-semibold text-slate-900">
        Preview
      </h2>
      {empty ? (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{sharedCopy.noFeedbackLoopDetails}</p>
      ) : (
        <>
          <article aria-label="Chat message" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <p className="text-sm font-semibold text-slate-900" data-preview-title>
              {page.title}
            </p>
            <p className="mt-2 text-sm text-slate-800">Hi {preview.senderName ? preview.senderName.split(" ")[0] : "there"} 👋</p>
            {page.saved.notificationMessage ? (
              <p className="mt-2 whitespace-pre-line text-sm text-slate-800" data-preview-message>
                {page.saved.notificationMessage}
              </p>
            ) : null}
            <p className="mt-2 text-sm text-slate-800" data-preview-for>
              <span className="font-medium">{sharedCopy.feedbackIsFor}:</span> {forText}
            </p>
            <div className="mt-3 flex gap-2">
              <span className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white">{sharedCopy.giveFeedback}</span>
              <span className="rounded-md px-3 py-1.5 text-sm font-semibold text-slate-700 ring-1 ring-inset ring-slate-300">
                {sharedCopy.dismiss}
              </span>
            </div>
          </article>
          <article aria-labelledby="preview-form-heading" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <h3 id="preview-form-heading" className="text-sm font-semibold text-slate-900">
              {sharedCopy.giveFeedback}
            </h3>
            <div className="mt-3">
              <FormPreview page={page} />
            </div>
            <div className="mt-4 flex justify-end gap-2">
              <button type="button" disabled className="rounded-md px-3 py-1.5 text-sm font-semibold text-slate-700 ring-1 ring-inset ring-slate-300">
                {sharedCopy.cancel}
              </button>
              <button type="button" disabled className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white">
                {sharedCopy.sendFeedback}
              </button>
            </div>
          </article>
        </>
      )}
    </section>
  );
}
