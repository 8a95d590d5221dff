import { choicesFor, isScaleFamily, NOT_APPLICABLE } from "~/modules/blocks/scales";
import { ChoiceQuestionPreview } from "~/modules/blocks/components/choice-question";
import { HeadingBlock } from "~/modules/blocks/components/heading-block";
import { TextQuestionPreview } from "~/modules/blocks/components/text-question";
import { CompetencyDetails } from "./competency-details";
import { BLOCK_TYPES, type BlockForm, type BlockType, type CompetencySnapshot, type ObjectiveSnapshot } from "../questionnaire-blocks";
import { DEFAULT_PLACEHOLDER } from "~/modules/blocks";

/** 000 §2 builder empty state, quoted exactly. */
export const NO_QUESTIONS_TO_PREVIEW = "No questions available to preview!";

const on = (v: unknown) => v === true || v === "on" || v === "true";
const str = (v: unknown) => (typeof v === "string" ? v : "");

/**
 * A block as the preview reads it. The builder's live form value holds strings ("on" for a
 * ticked box, numbers as typed); the server's holds booleans and numbers. Both read the same.
 */
export function previewBlockOf(raw: unknown): BlockForm | null {
  if (!raw || typeof raw !== "object") return null;
  const r = raw as Record<string, unknown>;
  const type = r.type as BlockType;
  if (!(BLOCK_TYPES as readonly string[]).includes(type)) return null;
  const values = Array.isArray(r.choiceValues) ? r.choiceValues.map((v) => (v === "" || v == null ? undefined : Number(v))) : [];
  return {
    key: str(r.key),
    type,
    text: str(r.text),
    label: str(r.label),
    placeholder: str(r.placeholder),
    required: on(r.required),
    scale: isScaleFamily(r.scale) ? r.scale : undefined,
    customItems: str(r.customItems),
    numericValue: on(r.numericValue),
    choiceValues: values.map((v) => (Number.isFinite(v) ? v : undefined)),
    notApplicable: on(r.notApplicable),
    commentBox: on(r.commentBox),
    commentBoxGuide: str(r.commentBoxGuide),
    view: r.view === "dropdown" || r.view === "matrix" ? r.view : "radio",
    competencyId: str(r.competencyId),
    showDescription: on(r.showDescription),
    showBehaviours: on(r.showBehaviours),
    isBehavior: on(r.isBehavior),
    objectiveId: str(r.objectiveId),
    showKPIs: on(r.showKPIs),
    isKPI: on(r.isKPI),
  };
}

export interface PreviewCatalogue {
  competencies: CompetencySnapshot[];
  objectives: ObjectiveSnapshot[];
}

/** What a reviewer will see, read-only: the live preview pane and the Full Preview dialog. */
export function QuestionnairePreview({ name, blocks, catalogue }: { name: string; blocks: BlockForm[]; catalogue: PreviewCatalogue }) {
  const questions = blocks.filter((b) => b.type !== "title" && b.type !== "subtitle");
  if (questions.length === 0 && blocks.length === 0) {
    return (
      <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{NO_QUESTIONS_TO_PREVIEW}</p>
    );
  }
  let number = 0;
  return (
    <div className="space-y-5" data-preview>
      {name ? <p className="text-lg font-semibold text-slate-900">{name}</p> : null}
      {blocks.map((block, i) => {
        if (block.type === "title" || block.type === "subtitle")
          return <HeadingBlock key={`${block.key}-${i}`} type={block.type} text={block.text ?? ""} preview />;
        number += 1;
        return <PreviewQuestion key={`${block.key}-${i}`} block={block} number={number} catalogue={catalogue} />;
      })}
    </div>
  );
}

function PreviewQuestion({ block, number, catalogue }: { block: BlockForm; number: number; catalogue: PreviewCatalogue }) {
  const id = `preview-${block.key}-${number}`;
  const label = block.label || "Untitled question";
  const required = Boolean(block.required);
  if (block.type === "short-text" || block.type === "long-text") {
    return (
      <TextQuestionPreview
        block={{ label, placeholder: block.placeholder || DEFAULT_PLACEHOLDER, required }}
        look="questionnaire"
        multiline={block.type === "long-text"}
        number={number}
        id={id}
      />
    );
  }
  const competency = block.type === "competency-question" ? catalogue.competencies.find((c) => c.id === block.competencyId) : undefined;
  const objective = block.type === "objective-question" ? catalogue.objectives.find((o) => o.id === block.objectiveId) : undefined;
  const choices = block.scale ? choicesFor(block.scale, block.customItems, block.numericValue, block.choiceValues) : [];
  const options = block.notApplicable
    ? [...choices.map((c) => ({ text: c.text, value: String(c.value) })), { text: NOT_APPLICABLE, value: "na" }]
    : choices.map((c) => ({ text: c.text, value: String(c.value) }));
  // A matrix rates each behaviour (or KPI) on the scale; otherwise the question is rated once.
  const rows =
    block.view === "matrix" && competency && block.isBehavior && competency.behaviours.length > 0
      ? competency.behaviours.map((b) => b.name)
      : block.view === "matrix" && objective && block.isKPI && objective.kpis.length > 0
      ? objective.kpis.map((k) => k.name)
      : [label];
  return (
    <ChoiceQuestionPreview
      id={id}
      look="questionnaire"
      number={number}
      label={label}
      required={required}
      options={options.map((o) => ({ key: o.value + o.text, text: o.text }))}
      dropdown={block.view === "dropdown"}
      matrixRows={block.view === "matrix" ? rows : undefined}
      commentGuide={block.commentBox ? block.commentBoxGuide ?? "" : undefined}
      details={
        <>
          {competency ? (
            <CompetencyDetails
              competency={competency}
              showDescription={Boolean(block.showDescription)}
              showBehaviours={Boolean(block.showBehaviours)}
            />
          ) : null}
          {objective ? (
            <div className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
              <p className="font-medium">
                {objective.name}
                {objective.weight ? <span className="ml-2 text-xs text-slate-500">Weight {objective.weight}%</span> : null}
              </p>
              {block.showKPIs && objective.kpis.length > 0 ? (
                <ul className="mt-1 list-disc pl-5">
                  {objective.kpis.map((k) => (
                    <li key={k.name}>
                      {k.name}
                      {k.target ? ` — target ${k.target}` : ""}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
        </>
      }
    />
  );
}
