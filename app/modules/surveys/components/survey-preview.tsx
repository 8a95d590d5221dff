import { choicesFor, isScaleFamily, NOT_APPLICABLE, type Choice } from "~/modules/blocks/scales";
import { ChoiceQuestionPreview } from "~/modules/blocks/components/choice-question";
import { GroupBlock } from "~/modules/blocks/components/group-block";
import { StaticTextBlock } from "~/modules/blocks/components/static-text-block";
import { TextQuestionPreview } from "~/modules/blocks/components/text-question";
import { DEFAULT_PLACEHOLDER, type GroupQuestion, type SurveyBlock } from "../blocks";

/** Shown when there is nothing to preview yet. */
export const NO_BLOCKS_TO_PREVIEW = "No questions available to preview!";

const on = (v: unknown) => v === true || v === "on" || v === "true";
const str = (v: unknown) => (typeof v === "string" ? v : "");
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function choicesOfRaw(r: Record<string, unknown>): Choice[] {
  const family = isScaleFamily(r.scale) ? r.scale : "agree-disagree-5";
  if (family !== "custom") return choicesFor(family);
  if (typeof r.customItems === "string" && r.customChoices === undefined) return choicesFor("custom", r.customItems);
  return list(r.customChoices)
    .map((c) => (c && typeof c === "object" ? (c as Record<string, unknown>) : {}))
    .map((c) => ({ text: str(c.text).trim(), value: Number(c.value) || 0 }))
    .filter((c) => c.text);
}

function questionOf(raw: unknown, i: number): GroupQuestion | null {
  if (!raw || typeof raw !== "object") return null;
  const r = raw as Record<string, unknown>;
  const id = str(r.key) || `q${i}`;
  const isLocked = on(r.isLocked);
  if (r.type === "static-text") return { id, isLocked, type: "static-text", value: str(r.value) };
  if (r.type === "text-input")
    return { id, isLocked, type: "text-input", label: str(r.label), placeholder: str(r.placeholder), required: on(r.required) };
  if (r.type === "choice")
    return {
      id,
      isLocked,
      type: "choice",
      label: str(r.label),
      selectedOption: isScaleFamily(r.scale) ? r.scale : "agree-disagree-5",
      choices: choicesOfRaw(r),
      required: on(r.required),
      dropdown: on(r.dropdown),
      multipleAnswers: on(r.multipleAnswers),
      commentBox: on(r.commentBox),
      commentBoxGuide: str(r.commentBoxGuide),
      track: on(r.track),
      notApplicable: on(r.notApplicable),
    };
  return null;
}

/**
 * The blocks as the preview reads them, from the builder's live form value (strings, "on" for a
 * ticked box) or from the server's (booleans, numbers): both read the same.
 */
export function previewBlocksOf(rawBlocks: unknown): SurveyBlock[] {
  return list(rawBlocks)
    .map((raw, i): SurveyBlock | null => {
      if (raw && typeof raw === "object" && (raw as Record<string, unknown>).type === "group") {
        const r = raw as Record<string, unknown>;
        return {
          id: str(r.key) || `g${i}`,
          type: "group",
          label: str(r.label),
          description: str(r.description),
          questions: list(r.questions)
            .map((q, j) => questionOf(q, j))
            .filter((q): q is GroupQuestion => q !== null),
        };
      }
      return questionOf(raw, i);
    })
    .filter((b): b is SurveyBlock => b !== null);
}

/** What a respondent will see, read-only: the builder's live preview and its Full Preview. */
export function SurveyPreview({ name, blocks }: { name: string; blocks: SurveyBlock[] }) {
  if (blocks.length === 0) {
    return (
      <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{NO_BLOCKS_TO_PREVIEW}</p>
    );
  }
  let number = 0;
  const numbered = () => ++number;
  return (
    <div className="space-y-5" data-preview>
      {name ? <p className="text-lg font-semibold text-slate-900">{name}</p> : null}
      {blocks.map((block, i) =>
        block.type === "group" ? (
          <GroupBlock key={`${block.id}-${i}`} id={block.id} label={block.label} description={block.description} preview>
            {block.questions.map((q, j) => (
              <PreviewQuestion key={`${q.id}-${j}`} q={q} number={q.type === "static-text" ? 0 : numbered()} />
            ))}
          </GroupBlock>
        ) : (
          <PreviewQuestion key={`${block.id}-${i}`} q={block} number={block.type === "static-text" ? 0 : numbered()} />
        )
      )}
    </div>
  );
}

function PreviewQuestion({ q, number }: { q: GroupQuestion; number: number }) {
  if (q.type === "static-text") return <StaticTextBlock value={q.value} preview />;
  const id = `preview-${q.id}-${number}`;
  if (q.type === "text-input")
    return (
      <TextQuestionPreview
        block={{ label: q.label, placeholder: q.placeholder || DEFAULT_PLACEHOLDER, required: q.required }}
        look="survey"
        multiline
        number={number}
        id={id}
      />
    );
  const label = q.label || "Untitled question";
  const options = [...q.choices.map((c) => ({ text: c.text, key: `v${c.value}-${c.text}` }))];
  if (q.notApplicable) options.push({ text: NOT_APPLICABLE, key: "na" });
  return (
    <ChoiceQuestionPreview
      id={id}
      look="survey"
      number={number}
      label={label}
      required={q.required}
      badge={q.track ? <span className="ml-2 rounded bg-indigo-50 px-1.5 py-0.5 text-xs font-medium text-indigo-700">Tracked</span> : null}
      options={options}
      nps={q.selectedOption === "nps"}
      dropdown={q.dropdown}
      multiple={q.multipleAnswers}
      commentGuide={q.commentBox ? q.commentBoxGuide : undefined}
    />
  );
}
