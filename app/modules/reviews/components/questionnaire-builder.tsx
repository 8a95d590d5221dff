import { getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { Platform } from "~/lib/permissions/registry";
import { ChoiceValueFields, HeadingOrTextFields } from "~/modules/blocks/components/value-block-fields";
import { previewBlockOf, QuestionnairePreview } from "~/modules/reviews/components/questionnaire-preview";
import {
  BLOCK_TYPE_TITLES,
  BLOCK_TYPES,
  isChoiceType,
  newBlock,
  REVIEWEE_OBJECTIVES,
  type BlockForm,
  type BlockType,
} from "~/modules/reviews/questionnaire-blocks";
import { sharedCopy } from "~/lib/copy";
import { CHOICE_VIEWS } from "~/modules/blocks";
import { QUESTIONNAIRES_PATH, QuestionnaireFormSchema, type QuestionnaireForm } from "~/modules/reviews/questionnaire.schema";
import type { loadCatalogue } from "~/modules/reviews/questionnaires.server";
import {
  BlockActions,
  BuilderButtons,
  BuilderForm,
  insertButtonProps,
  NameField,
  SaveButton,
  useBlockFocus,
  useBuilderForm,
  useFullPreview,
} from "~/ui/builder-parts";
import { buttonClass } from "~/ui/button";
import { Check, SelectField } from "~/ui/form-fields";
import { PageHeader } from "~/ui/page-header";
import { useHydrated } from "~/ui/use-hydrated";

/** 000 §2 builder empty states, quoted exactly. */
const NO_COMPETENCIES = "No competencies available. Add a new one!";
const NO_OBJECTIVES = "No objective available. Add a new one!";

type ActionData = { result: SubmissionResult<string[]>; fullPreview: boolean } | undefined;
/** What the builder's loader gives it: the questionnaire as a form and the company's catalogue to pick from. */
export type LoaderData = {
  id: string | null;
  initial: QuestionnaireForm;
  competencies: Catalogue["competencies"];
  objectives: Catalogue["objectives"];
  platform: Platform;
  offersHideCompetencySelector: boolean;
};
type Catalogue = Awaited<ReturnType<typeof loadCatalogue>>;

/** The next free short key for a block added in the builder ("n1", "n2", …). */
function nextKey(blocks: Array<{ key?: unknown }>) {
  let max = 0;
  for (const b of blocks) {
    const m = typeof b.key === "string" ? /^n(\d+)$/.exec(b.key) : null;
    if (m) max = Math.max(max, Number(m[1]));
  }
  return `n${max + 1}`;
}

/** The questionnaire builder (000 §2): the name, the blocks and the live preview in one form. */
export function QuestionnaireBuilder({ loaderData, actionData }: { loaderData: LoaderData; actionData: ActionData }) {
  const [form, fields] = useBuilderForm(QuestionnaireFormSchema, {
    id: `questionnaire-${loaderData.id ?? "new"}`,
    defaultValue: loaderData.initial,
    lastResult: actionData?.result,
  });
  const blockFields = fields.blocks.getFieldList();
  const rawBlocks = ((form.value?.blocks as unknown[] | undefined) ?? []).map(previewBlockOf).filter((b): b is BlockForm => b !== null);
  const key = nextKey(rawBlocks);
  const listRef = useRef<HTMLOListElement>(null);
  // 000 §9: a duplicated question takes focus after 500 ms; invalid blocks expand.
  const focusBlock = useBlockFocus(form, listRef);
  const fullPreview = useFullPreview(actionData);
  const hydrated = useHydrated();
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [handleToFocus, setHandleToFocus] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const count = blockFields.length;
  /** Dragging and the handle's arrow keys move a question (the buttons do the same without JavaScript). */
  const move = (from: number, to: number, byKeyboard = false) => {
    if (from === to || to < 0 || to >= count) return;
    form.reorder({ name: fields.blocks.name, from, to });
    setAnnouncement(`Question ${from + 1} moved to position ${to + 1} of ${count}.`);
    if (byKeyboard) setHandleToFocus(to);
  };

  useEffect(() => {
    if (handleToFocus === null) return;
    listRef.current?.querySelectorAll<HTMLElement>("[data-reorder-handle]")[handleToFocus]?.focus();
    setHandleToFocus(null);
  }, [handleToFocus, blockFields]);

  const name = typeof form.value?.name === "string" ? form.value.name : "";

  return (
    <>
      <PageHeader
        title={loaderData.id ? "Edit Questionnaire" : "New Questionnaire"}
        actions={
          <Link to={QUESTIONNAIRES_PATH} className={buttonClass("secondary")}>
            Back to questionnaires
          </Link>
        }
      />
      <BuilderForm
        form={form}
        heading="Questions"
        preview={<QuestionnairePreview name={name} blocks={rawBlocks} catalogue={loaderData} />}
        fullPreview={fullPreview}
      >
        <NameField field={fields.name} label="Questionnaire name">
          {loaderData.offersHideCompetencySelector ? (
            <label className="mt-3 flex items-center gap-2 text-sm text-slate-700">
              <input {...getInputProps(fields.hideCompetencySelector, { type: "checkbox" })} />
              Hide competency selector
            </label>
          ) : null}
        </NameField>
        {fields.blocks.errors ? (
          <p id={fields.blocks.errorId} role="alert" className="text-sm font-medium text-red-700">
            {fields.blocks.errors[0]}
          </p>
        ) : null}
        <p id="reorder-help" className="sr-only">
          Use the arrow keys to move the question up or down; Home and End move it to the start or the end.
        </p>
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
        <ol ref={listRef} className="space-y-3" aria-label="Questions">
          {blockFields.map((block, index) => {
            const b = block.getFieldset();
            const type = (b.type.value ?? b.type.initialValue) as BlockType;
            const raw = rawBlocks[index];
            return (
              <li
                key={block.key ?? String(b.key.initialValue ?? index)}
                data-block-key={b.key.value}
                className={`flex rounded-lg border bg-white shadow-sm ${
                  dragFrom !== null && dragFrom !== index ? "border-dashed border-indigo-300" : "border-slate-200"
                }`}
                onDragOver={(event) => {
                  if (dragFrom !== null) event.preventDefault();
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  if (dragFrom !== null) move(dragFrom, index);
                  setDragFrom(null);
                }}
              >
                {hydrated ? (
                  <button
                    type="button"
                    draggable
                    data-reorder-handle
                    aria-label={`Reorder question ${index + 1} of ${count}`}
                    aria-describedby="reorder-help"
                    className="cursor-grab rounded-l-lg border-r border-slate-100 px-2 text-slate-400 hover:bg-slate-50 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
                    onDragStart={(event) => {
                      event.dataTransfer.effectAllowed = "move";
                      event.dataTransfer.setData("text/plain", String(index));
                      setDragFrom(index);
                    }}
                    onDragEnd={() => setDragFrom(null)}
                    onKeyDown={(event) => {
                      if (event.key === "ArrowUp") move(index, index - 1, true);
                      else if (event.key === "ArrowDown") move(index, index + 1, true);
                      else if (event.key === "Home") move(index, 0, true);
                      else if (event.key === "End") move(index, count - 1, true);
                      else return;
                      event.preventDefault();
                    }}
                  >
                    <span aria-hidden="true">⋮⋮</span>
                  </button>
                ) : null}
                <details
                  className="min-w-0 flex-1"
                  open
                  data-invalid={block.allErrors && Object.keys(block.allErrors).length > 0 ? "" : undefined}
                >
                  <summary className="flex cursor-pointer items-center justify-between gap-2 px-4 py-2 text-sm">
                    <span className="font-medium text-slate-900">
                      {index + 1}. {BLOCK_TYPE_TITLES[type]}
                      {raw?.label || raw?.text ? (
                        <span className="ml-2 font-normal text-slate-500">{(raw.label || raw.text || "").slice(0, 60)}</span>
                      ) : null}
                    </span>
                  </summary>
                  <div className="space-y-3 border-t border-slate-100 px-4 py-3">
                    <input {...getInputProps(b.key, { type: "hidden" })} />
                    <input {...getInputProps(b.type, { type: "hidden" })} />
                    <BlockFields type={type} b={b} raw={raw} loaderData={loaderData} />
                    <BlockActions
                      form={form}
                      listName={fields.blocks.name}
                      index={index}
                      count={count}
                      what={`question ${index + 1}`}
                      label={`Question ${index + 1} actions`}
                      duplicateValue={{ ...(raw ?? newBlock(type, key)), key }}
                      onDuplicate={() => focusBlock(key)}
                    />
                  </div>
                </details>
              </li>
            );
          })}
        </ol>
        <fieldset className="rounded-lg border border-dashed border-slate-300 bg-white p-4">
          <legend className="px-1 text-sm font-medium text-slate-700">Add a block</legend>
          <div className="flex flex-wrap gap-2">
            {BLOCK_TYPES.map((type) => (
              <button
                key={type}
                className={buttonClass("secondary")}
                {...insertButtonProps(
                  form,
                  fields.blocks.name,
                  newBlock(type, key, { competencyId: loaderData.competencies[0]?.id, objectiveId: REVIEWEE_OBJECTIVES })
                )}
                onClick={() => focusBlock(key)}
              >
                + {BLOCK_TYPE_TITLES[type]}
              </button>
            ))}
          </div>
        </fieldset>
        <BuilderButtons fullPreview={fullPreview}>
          <SaveButton intent="save" variant="secondary">
            Save
          </SaveButton>
          <SaveButton intent="template" variant="secondary">
            {loaderData.id ? "Update Template" : "Create Template"}
          </SaveButton>
          <SaveButton intent="next">Next</SaveButton>
        </BuilderButtons>
      </BuilderForm>
    </>
  );
}

type BlockFieldset = ReturnType<FieldMetadata<BlockForm>["getFieldset"]>;

/** The pick of a competency or objective question from the company's catalogue, and its display options (`children`). */
function CatalogueField({
  field,
  label,
  choose,
  items,
  children,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  choose: string;
  items: Array<{ id: string; name: string }>;
  children: React.ReactNode;
}) {
  return (
    <SelectField field={field} label={label} after={<div className="mt-2 flex flex-wrap gap-x-4 gap-y-1">{children}</div>}>
      <option value="">{choose}</option>
      {items.map((item) => (
        <option key={item.id} value={item.id}>
          {item.name}
        </option>
      ))}
    </SelectField>
  );
}

function BlockFields({
  type,
  b,
  raw,
  loaderData,
}: {
  type: BlockType;
  b: BlockFieldset;
  raw: BlockForm | undefined;
  loaderData: LoaderData;
}) {
  if (!isChoiceType(type)) return <HeadingOrTextFields type={type} b={b} />;
  return (
    <ChoiceValueFields b={b} raw={raw} views={CHOICE_VIEWS}>
      {type === "competency-question" ? (
        loaderData.competencies.length === 0 ? (
          <p className="text-sm text-slate-600">
            {NO_COMPETENCIES}{" "}
            <Link to="/organization/settings/competencies" className="text-indigo-700 underline">
              Competencies
            </Link>
          </p>
        ) : (
          <CatalogueField field={b.competencyId} label="Competency" choose="Choose a competency" items={loaderData.competencies}>
            <Check field={b.showDescription} label="Show description" />
            <Check field={b.showBehaviours} label="Show behaviours" />
            <Check field={b.isBehavior} label="Rate each behaviour" />
          </CatalogueField>
        )
      ) : null}
      {type === "objective-question" ? (
        // The reviewee's own objectives come first; the company's objectives follow (the first five).
        <>
          <CatalogueField
            field={b.objectiveId}
            label="Objective"
            choose="Choose an objective"
            items={[{ id: REVIEWEE_OBJECTIVES, name: sharedCopy.revieweeObjectivesChoice }, ...loaderData.objectives]}
          >
            <Check field={b.showKPIs} label="Show KPIs" />
            <Check field={b.isKPI} label="Rate each KPI" />
          </CatalogueField>
          {raw?.objectiveId === REVIEWEE_OBJECTIVES ? <p className="text-xs text-slate-500">{sharedCopy.revieweeObjectivesHint}</p> : null}
          {loaderData.objectives.length === 0 ? <p className="text-sm text-slate-600">{NO_OBJECTIVES}</p> : null}
        </>
      ) : null}
    </ChoiceValueFields>
  );
}
