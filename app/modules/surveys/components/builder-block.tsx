import { getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import type { RefObject } from "react";
import { NOT_APPLICABLE, SCALE_LABELS } from "~/modules/blocks/scales";
import { AnswerScaleField } from "~/modules/blocks/components/answer-scale-field";
import { BlockActions, insertButtonProps } from "~/ui/builder-parts";
import { buttonClass } from "~/ui/button";
import { Check, FieldError, TextField } from "~/ui/form-fields";
import {
  SURVEY_BLOCK_TYPE_TITLES,
  SURVEY_BLOCK_TYPES,
  type GroupBlock,
  type GroupQuestion,
  type SurveyBlock,
  type SurveyBlockType,
} from "../blocks";
import { newBlock, type BlockForm, type Platform, type QuestionForm, type SurveyBuilderForm } from "../survey.schema";

/**
 * The builder's left pane, one block at a time (001 §2 "Survey builder"). Every control is a field
 * of the one builder form or a Conform intent button (insert, remove, reorder), so it all works
 * without JavaScript: the server answers a list intent with the changed form and saves nothing.
 */

type Form = FormMetadata<SurveyBuilderForm, string[]>;
export type QuestionFieldset = ReturnType<FieldMetadata<QuestionForm, SurveyBuilderForm, string[]>["getFieldset"]>;
type BlockField = FieldMetadata<BlockForm, SurveyBuilderForm, string[]>;

/** What every block of the builder needs from the page. */
export interface BuilderContext {
  form: Form;
  platform: Platform;
  hydrated: boolean;
  canLockUnlock: boolean;
  /** The key the next added or duplicated block gets. */
  nextKey: string;
  /** Called with that key when a block is added or duplicated (it takes focus). */
  onAdd: (key: string) => void;
}

/** The fields of one question (static text, text input or choice), top level or inside a group. */
interface QuestionProps {
  ctx: BuilderContext;
  q: QuestionFieldset;
  raw: GroupQuestion | undefined;
}

function QuestionFields({ ctx, q, raw }: QuestionProps) {
  const type = (q.type.value ?? q.type.initialValue) as SurveyBlockType;
  const locked = raw?.isLocked ?? false;
  const { canLockUnlock } = ctx;
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
      {type === "choice" ? <ChoiceFields ctx={ctx} q={q} raw={raw} /> : null}
    </>
  );
}

function ChoiceFields({ ctx, q, raw }: QuestionProps) {
  const { form, platform, hydrated, canLockUnlock } = ctx;
  const choice = raw?.type === "choice" ? raw : undefined;
  // Without JavaScript nothing appears on a change, so the fields a choice may need are always shown.
  const all = !hydrated;
  const rows = q.customChoices.getFieldList();
  const linesMode = platform === "msteams";
  return (
    <>
      <TextField field={q.label} label="Question" />
      <AnswerScaleField field={q.scale} />
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
                    <ChoiceCell field={c.text} label={`Choice ${k + 1} text`} className="min-w-40 flex-1">
                      <input {...getInputProps(c.text, { type: "text" })} placeholder={`Choice ${k + 1}`} className={CHOICE_INPUT} />
                    </ChoiceCell>
                    <ChoiceCell field={c.value} label={`Choice ${k + 1} value`} className="w-24">
                      <input {...getInputProps(c.value, { type: "number" })} min={0} step="any" className={CHOICE_INPUT} />
                    </ChoiceCell>
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

const CHOICE_INPUT = "w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm";

/** One input of a custom choice row, with its label for screen readers and its error. */
function ChoiceCell({
  field,
  label,
  className,
  children,
}: {
  field: { id: string; errorId: string; errors?: string[] };
  label: string;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={field.id} className="sr-only">
        {label}
      </label>
      {children}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** Hidden inputs that carry a value of the form as it is (a locked question the page shows read-only). */
function HiddenValue({ name, value, skip = [] }: { name: string; value: unknown; skip?: string[] }) {
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
function LockedQuestion({
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

function LockBadge() {
  return (
    <span className="ml-2 inline-flex items-center gap-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
      <span aria-hidden="true">🔒</span>
      Locked
    </span>
  );
}

export const blockTitle = (type: SurveyBlockType) => SURVEY_BLOCK_TYPE_TITLES[type];

/** A copy's form value: a new key (its questions too, for a group) and no lock. */
function copyOf(rawValue: unknown, key: string): Record<string, unknown> {
  const value: Record<string, unknown> = { ...((rawValue ?? {}) as Record<string, unknown>), key };
  delete value.isLocked;
  if (Array.isArray(value.questions))
    value.questions = value.questions.map((q: unknown, j: number) => {
      const copy: Record<string, unknown> = { ...((q ?? {}) as Record<string, unknown>), key: `${key}-${j + 1}` };
      delete copy.isLocked;
      return copy;
    });
  return value;
}

const hasLockedQuestion = (b: SurveyBlock | undefined) =>
  Boolean(b && (b.type === "group" ? b.questions.some((q) => q.isLocked) : b.isLocked));

/**
 * A list of blocks, one disclosure each, and the buttons that add one: the survey's blocks, or
 * (`group`) a group's questions, drawn smaller. A locked question is read-only and gets no actions
 * (001 §4); its neighbours do not move past it, and a group holding one stays where it is.
 */
export function BlockList({
  ctx,
  name,
  items,
  raw,
  group,
  listRef,
}: {
  ctx: BuilderContext;
  /** The list's field name ("blocks", "blocks[2].questions"). */
  name: string;
  items: BlockField[];
  /** The blocks as the preview reads them, by index. */
  raw: ReadonlyArray<SurveyBlock | undefined>;
  /** For a group's questions: the group (its label, when it has one). */
  group?: { label: string | undefined };
  listRef?: RefObject<HTMLOListElement>;
}) {
  return (
    <>
      <ol
        ref={listRef}
        className={group ? "space-y-2 border-l-2 border-indigo-100 pl-3" : "space-y-3"}
        aria-label={group ? `Questions of ${group.label || "the group"}` : "Blocks"}
      >
        {items.map((item, index) => {
          const b = item.getFieldset();
          const type = (b.type.value ?? b.type.initialValue) as SurveyBlockType;
          const block = raw[index];
          const locked = block && block.type !== "group" && block.isLocked ? block : null;
          const invalid = item.allErrors && Object.keys(item.allErrors).length > 0;
          const what = group ? `question ${index + 1} of group ${group.label || ""}`.trim() : `block ${index + 1}`;
          return (
            <li
              key={item.key ?? `${block?.id}-${index}`}
              data-block-key={block?.id}
              className={group ? "rounded-md border border-slate-200" : "rounded-lg border border-slate-200 bg-white shadow-sm"}
            >
              <details open data-invalid={invalid ? "" : undefined}>
                <summary className={`flex cursor-pointer items-center gap-2 ${group ? "px-3 py-1.5" : "px-4 py-2"} text-sm`}>
                  <span className="font-medium text-slate-900">
                    {index + 1}. {blockTitle(type)}
                  </span>
                  {locked ? <LockBadge /> : null}
                  <span className="truncate text-slate-500">
                    {(block?.type === "static-text" ? block.value : block?.label ?? "").slice(0, group ? 50 : 60)}
                  </span>
                </summary>
                <div className={`space-y-3 border-t border-slate-100 ${group ? "px-3 py-2" : "px-4 py-3"}`}>
                  {locked ? (
                    <LockedQuestion
                      q={b as unknown as QuestionFieldset}
                      raw={locked}
                      rawValue={item.value}
                      canLockUnlock={ctx.canLockUnlock}
                    />
                  ) : type === "group" && !group ? (
                    <GroupFields ctx={ctx} b={b} raw={block?.type === "group" ? block : undefined} />
                  ) : (
                    <QuestionFields ctx={ctx} q={b as unknown as QuestionFieldset} raw={block as GroupQuestion | undefined} />
                  )}
                  {locked ? null : hasLockedQuestion(block) ? (
                    <p className="border-t border-slate-100 pt-3 text-xs text-slate-600">
                      This group holds a locked question: it cannot be moved, duplicated or deleted.
                    </p>
                  ) : (
                    <BlockActions
                      form={ctx.form}
                      listName={name}
                      index={index}
                      count={items.length}
                      what={what}
                      upBlocked={hasLockedQuestion(raw[index - 1])}
                      downBlocked={hasLockedQuestion(raw[index + 1])}
                      duplicateValue={copyOf(item.value, ctx.nextKey)}
                      onDuplicate={() => ctx.onAdd(ctx.nextKey)}
                    />
                  )}
                </div>
              </details>
            </li>
          );
        })}
      </ol>
      <fieldset
        className={
          group ? "rounded-md border border-dashed border-slate-300 p-2" : "rounded-lg border border-dashed border-slate-300 bg-white p-3"
        }
      >
        <legend className={`px-1 ${group ? "text-xs" : "text-sm"} font-medium text-slate-700`}>
          {group ? "Add a question to the group" : "Add a block"}
        </legend>
        <div className="flex flex-wrap gap-2">
          {(group ? QUESTION_BLOCK_TYPES : SURVEY_BLOCK_TYPES).map((type) => (
            <button
              key={type}
              className={buttonClass("secondary", group ? "px-2 py-1 text-xs" : "px-2.5 py-1.5")}
              {...insertButtonProps(ctx.form, name, newBlock(type, ctx.nextKey, ctx.platform))}
              onClick={() => ctx.onAdd(ctx.nextKey)}
            >
              + {blockTitle(type)}
            </button>
          ))}
        </div>
      </fieldset>
    </>
  );
}

const QUESTION_BLOCK_TYPES = SURVEY_BLOCK_TYPES.filter((t): t is Exclude<SurveyBlockType, "group"> => t !== "group");

/** A group: its label, description and own questions (any block but a group). */
function GroupFields({ ctx, b, raw }: { ctx: BuilderContext; b: ReturnType<BlockField["getFieldset"]>; raw: GroupBlock | undefined }) {
  return (
    <>
      <input {...getInputProps(b.key, { type: "hidden" })} />
      <input {...getInputProps(b.type, { type: "hidden" })} />
      <TextField field={b.label} label="Group label" />
      <TextField field={b.description} label="Description" multiline />
      <FieldError id={b.questions.errorId} errors={b.questions.errors} />
      <BlockList
        ctx={ctx}
        name={b.questions.name}
        items={b.questions.getFieldList() as unknown as BlockField[]}
        raw={raw?.questions ?? []}
        group={{ label: raw?.label }}
      />
    </>
  );
}
