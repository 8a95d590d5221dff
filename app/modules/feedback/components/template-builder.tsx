import { getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { useRef, type ReactNode } from "react";
import type { z } from "zod";
import { copy } from "~/lib/copy";
import { FEEDBACK_TEMPLATE_VISIBILITIES, type FeedbackTemplateVisibility } from "~/modules/access/feedback-templates";
import { ChoiceValueFields, HeadingOrTextFields } from "~/modules/blocks/components/value-block-fields";
import type { Platform } from "~/modules/blocks/convert";
import {
  newTemplateBlock,
  previewTemplateBlocks,
  TEMPLATE_BLOCK_TYPE_TITLES,
  TEMPLATE_CHOICE_VIEWS,
  TEMPLATE_QUESTION_TYPES,
  templateBlockTypesFor,
  type TemplateBlockForm,
  type TemplateBlockType,
} from "../template-blocks";
import { BlockActions, BuilderButtons, BuilderForm, insertButtonProps, NameField, useBlockFocus, useBuilderForm, useFullPreview } from "~/ui/builder-parts";
import { buttonClass } from "~/ui/button";
import { FieldError, INPUT_CLASS, TextField, type Field } from "~/ui/form-fields";
import { LoopBlocksPreview } from "./template-preview";

/**
 * The builder of a custom feedback template and of a library loop's blocks (002 §3 "Feedback
 * template", §7 "update blocks"): one Conform form with the name (and, for a template, its
 * description and who sees it), the blocks of the kernel's feedback set (a group only on
 * Slack-type) and the live preview as a sender sees it. Adding, removing and moving blocks are
 * Conform list intents, real submissions without JavaScript that save nothing.
 */

export type BuilderActionData = { result: SubmissionResult<string[]>; fullPreview: boolean } | undefined;

export interface BuilderValue {
  title: string;
  desc?: string;
  visibility?: FeedbackTemplateVisibility;
  blocks: TemplateBlockForm[];
}

/** The next free short key for a block added in the builder ("n1", "n2", …), groups' questions included. */
function nextKey(blocks: TemplateBlockForm[]) {
  let max = 0;
  for (const b of [...blocks, ...blocks.flatMap((b) => b.questions ?? [])]) {
    const m = /^n(\d+)$/.exec(b.key);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return `n${max + 1}`;
}

export function TemplateBuilder({
  mode,
  formId,
  platform,
  schema,
  defaultValue,
  actionData,
  buttons,
}: {
  mode: "template" | "loop";
  formId: string;
  platform: Platform;
  schema: z.ZodType<Record<string, unknown>>;
  defaultValue: BuilderValue;
  actionData: BuilderActionData;
  /** The save buttons (SaveButton of builder-parts, by intent). */
  buttons: ReactNode;
}) {
  const words = copy(platform);
  const [form, fields] = useBuilderForm(schema, {
    id: formId,
    defaultValue: defaultValue as never,
    lastResult: actionData?.result,
  });
  const f = fields as unknown as {
    title: Field<string | undefined>;
    desc: Field<string | undefined>;
    visibility: Field<string | undefined>;
    blocks: Field<TemplateBlockForm[] | undefined>;
  };
  const blockFields = f.blocks.getFieldList();
  const preview = previewTemplateBlocks((form.value as { blocks?: unknown } | undefined)?.blocks);
  const key = nextKey(preview.form);
  const listRef = useRef<HTMLOListElement>(null);
  const focusBlock = useBlockFocus(form, listRef);
  const fullPreview = useFullPreview(actionData);
  const title = typeof form.value?.title === "string" ? form.value.title : "";
  const types = templateBlockTypesFor(platform);

  return (
    <BuilderForm
      form={form}
      heading={words.questionsHeading}
      fullPreview={fullPreview}
      preview={
        <div className="space-y-4">
          {title ? <p className="text-lg font-semibold text-slate-900">{title}</p> : null}
          <LoopBlocksPreview blocks={preview.stored} words={words} />
        </div>
      }
    >
      <NameField field={f.title} label={mode === "template" ? words.templateNameLabel : words.loopTitleLabel}>
        {mode === "template" ? (
          <>
            <div className="mt-3">
              <label htmlFor={f.desc.id} className="block text-sm font-medium text-slate-900">
                {words.templateDescLabel}
              </label>
              <textarea {...getTextareaProps(f.desc)} rows={2} className={INPUT_CLASS} />
              <FieldError id={f.desc.errorId} errors={f.desc.errors} />
            </div>
            <fieldset className="mt-3">
              <legend className="text-sm font-medium text-slate-900">{words.visibleToLegend}</legend>
              <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                {FEEDBACK_TEMPLATE_VISIBILITIES.map((v) => (
                  <label key={v} className="flex items-center gap-2 text-sm text-slate-700">
                    <input {...getInputProps(f.visibility, { type: "radio", value: v })} key={v} />
                    {v === "everyone" ? words.visibilityEveryone : v === "admins" ? words.visibilityAdmins(words.workspace) : words.visibilitySuperAdmin}
                  </label>
                ))}
              </div>
              <FieldError id={f.visibility.errorId} errors={f.visibility.errors} />
            </fieldset>
          </>
        ) : null}
      </NameField>
      {f.blocks.errors ? (
        <p id={f.blocks.errorId} role="alert" className="text-sm font-medium text-red-700">
          {f.blocks.errors[0]}
        </p>
      ) : null}
      <ol ref={listRef} className="space-y-3" aria-label={words.questionsHeading}>
        {blockFields.map((block, index) => {
          const b = block.getFieldset() as unknown as BlockFieldset;
          const type = (b.type.value ?? b.type.initialValue) as TemplateBlockType;
          const raw = preview.form[index];
          return (
            <li key={block.key ?? index} data-block-key={b.key.value} className="rounded-lg border border-slate-200 bg-white shadow-sm">
              <details open data-invalid={block.allErrors && Object.keys(block.allErrors).length > 0 ? "" : undefined}>
                <summary className="cursor-pointer px-4 py-2 text-sm font-medium text-slate-900">
                  {index + 1}. {TEMPLATE_BLOCK_TYPE_TITLES[type]}
                  {raw?.label || raw?.text ? <span className="ml-2 font-normal text-slate-500">{(raw.label || raw.text || "").slice(0, 60)}</span> : null}
                </summary>
                <div className="space-y-3 border-t border-slate-100 px-4 py-3">
                  <input {...getInputProps(b.key, { type: "hidden" })} />
                  <input {...getInputProps(b.type, { type: "hidden" })} />
                  {type === "group" ? (
                    <GroupFields
                      b={b}
                      raw={raw}
                      form={form}
                      nextKeyValue={key}
                      words={words}
                      groupNumber={index + 1}
                      onAdd={focusBlock}
                    />
                  ) : (
                    <ValueBlockFields type={type} b={b} raw={raw} />
                  )}
                  <BlockActions
                    form={form}
                    listName={f.blocks.name}
                    index={index}
                    count={blockFields.length}
                    what={`block ${index + 1}`}
                    label={`Block ${index + 1} actions`}
                    duplicateValue={type === "group" ? null : { ...(raw ?? newTemplateBlock(type, key)), key }}
                    onDuplicate={() => focusBlock(key)}
                  />
                </div>
              </details>
            </li>
          );
        })}
      </ol>
      <fieldset className="rounded-lg border border-dashed border-slate-300 bg-white p-4">
        <legend className="px-1 text-sm font-medium text-slate-700">{words.addBlock}</legend>
        <div className="flex flex-wrap gap-2">
          {types.map((type) => (
            <button
              key={type}
              className={buttonClass("secondary")}
              {...insertButtonProps(form, f.blocks.name, newTemplateBlock(type, key))}
              onClick={() => focusBlock(key)}
            >
              + {TEMPLATE_BLOCK_TYPE_TITLES[type]}
            </button>
          ))}
        </div>
      </fieldset>
      <BuilderButtons fullPreview={fullPreview}>{buttons}</BuilderButtons>
    </BuilderForm>
  );
}

type BlockFieldset = {
  [K in keyof Required<TemplateBlockForm>]: Field<TemplateBlockForm[K]>;
};

function GroupFields({
  b,
  raw,
  form,
  nextKeyValue,
  words,
  groupNumber,
  onAdd,
}: {
  b: BlockFieldset;
  raw: TemplateBlockForm | undefined;
  form: Parameters<typeof insertButtonProps>[0];
  nextKeyValue: string;
  words: ReturnType<typeof copy>;
  groupNumber: number;
  onAdd: (key: string) => void;
}) {
  const questions = b.questions.getFieldList();
  return (
    <>
      <TextField field={b.label} label={words.groupLabel} />
      <TextField field={b.description} label={words.groupDescription} multiline />
      <FieldError id={b.questions.errorId} errors={b.questions.errors} />
      <ol className="space-y-3 border-l-2 border-slate-200 pl-3" aria-label={`Group ${groupNumber} blocks`}>
        {questions.map((question, j) => {
          const q = question.getFieldset() as unknown as BlockFieldset;
          const type = (q.type.value ?? q.type.initialValue) as TemplateBlockType;
          return (
            <li key={question.key ?? j} data-block-key={q.key.value} className="space-y-3 rounded-md border border-slate-100 p-3">
              <p className="text-sm font-medium text-slate-900">
                {groupNumber}.{j + 1}. {TEMPLATE_BLOCK_TYPE_TITLES[type]}
              </p>
              <input {...getInputProps(q.key, { type: "hidden" })} />
              <input {...getInputProps(q.type, { type: "hidden" })} />
              <ValueBlockFields type={type} b={q} raw={raw?.questions?.[j]} />
              <BlockActions
                form={form}
                listName={b.questions.name}
                index={j}
                count={questions.length}
                what={`block ${j + 1} of group ${groupNumber}`}
                duplicateValue={null}
                onDuplicate={() => undefined}
              />
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap gap-2" role="group" aria-label={`${words.addToGroup} ${groupNumber}`}>
        {TEMPLATE_QUESTION_TYPES.map((type) => (
          <button
            key={type}
            className={buttonClass("ghost")}
            {...insertButtonProps(form, b.questions.name, newTemplateBlock(type, nextKeyValue))}
            onClick={() => onAdd(nextKeyValue)}
          >
            + {TEMPLATE_BLOCK_TYPE_TITLES[type]}
          </button>
        ))}
      </div>
    </>
  );
}

/** A value block's fields (002 §3: title, subtitle, short text, long text, multi-select with family, label, required, dropdown, choices, comment). */
function ValueBlockFields({ type, b, raw }: { type: TemplateBlockType; b: BlockFieldset; raw: TemplateBlockForm | undefined }) {
  if (type !== "multi-select") return <HeadingOrTextFields type={type} b={b} />;
  return <ChoiceValueFields b={b} raw={raw} views={TEMPLATE_CHOICE_VIEWS} viewLabel="Show as" />;
}
