import { choicesFor, isScaleFamily, NOT_APPLICABLE, type Choice } from "~/modules/blocks/scales";
import { DEFAULT_PLACEHOLDER, type ChoiceBlock, type GroupQuestion, type SurveyBlock, type TextInputBlock } from "../blocks";

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
          <section
            key={`${block.id}-${i}`}
            className="space-y-4 rounded-md border border-slate-200 p-4"
            aria-label={block.label || "Group"}
          >
            <div>
              <h3 className="text-base font-semibold text-slate-900">{block.label || "Untitled group"}</h3>
              {block.description ? <p className="mt-1 text-sm text-slate-600">{block.description}</p> : null}
            </div>
            {block.questions.map((q, j) => (
              <PreviewQuestion key={`${q.id}-${j}`} q={q} number={q.type === "static-text" ? 0 : numbered()} />
            ))}
          </section>
        ) : (
          <PreviewQuestion key={`${block.id}-${i}`} q={block} number={block.type === "static-text" ? 0 : numbered()} />
        )
      )}
    </div>
  );
}

function PreviewQuestion({ q, number }: { q: GroupQuestion; number: number }) {
  if (q.type === "static-text") return <p className="whitespace-pre-line text-sm text-slate-700">{q.value || "Static text"}</p>;
  if (q.type === "text-input") return <PreviewTextInput q={q} number={number} />;
  return <PreviewChoice q={q} number={number} />;
}

function Optional({ required }: { required: boolean }) {
  return required ? (
    <span className="ml-1 text-red-700" aria-hidden="true">
      *
    </span>
  ) : (
    <span className="ml-1 text-xs font-normal text-slate-500">(optional)</span>
  );
}

function PreviewTextInput({ q, number }: { q: TextInputBlock; number: number }) {
  const id = `preview-${q.id}-${number}`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {number}. {q.label || "Untitled question"}
        <Optional required={q.required} />
      </label>
      <textarea
        id={id}
        disabled
        rows={2}
        placeholder={q.placeholder || DEFAULT_PLACEHOLDER}
        className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
      />
    </div>
  );
}

function PreviewChoice({ q, number }: { q: ChoiceBlock; number: number }) {
  const id = `preview-${q.id}-${number}`;
  const label = q.label || "Untitled question";
  const options = [...q.choices.map((c) => ({ text: c.text, key: `v${c.value}-${c.text}` }))];
  if (q.notApplicable) options.push({ text: NOT_APPLICABLE, key: "na" });
  const nps = q.selectedOption === "nps";
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-900">
        {number}. {label}
        <Optional required={q.required} />
        {q.track ? <span className="ml-2 rounded bg-indigo-50 px-1.5 py-0.5 text-xs font-medium text-indigo-700">Tracked</span> : null}
      </legend>
      {q.multipleAnswers ? <p className="text-xs text-slate-500">Choose all that apply.</p> : null}
      {q.dropdown ? (
        <select
          disabled
          multiple={q.multipleAnswers}
          aria-label={label}
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        >
          {q.multipleAnswers ? null : <option>Select an option</option>}
          {options.map((o) => (
            <option key={o.key}>{o.text}</option>
          ))}
        </select>
      ) : (
        <div className={nps ? "flex flex-wrap gap-1" : "flex flex-wrap gap-x-4 gap-y-1.5"}>
          {options.map((o) => (
            <label
              key={o.key}
              className={
                nps
                  ? "flex min-w-9 flex-col items-center rounded border border-slate-200 px-1.5 py-1 text-xs text-slate-700"
                  : "flex items-center gap-1.5 text-sm text-slate-700"
              }
            >
              <input type={q.multipleAnswers ? "checkbox" : "radio"} disabled name={id} />
              {o.text}
            </label>
          ))}
        </div>
      )}
      {nps ? (
        <p className="flex justify-between text-xs text-slate-500" aria-hidden="true">
          <span>Not at all likely</span>
          <span>Extremely likely</span>
        </p>
      ) : null}
      {q.commentBox ? (
        <textarea
          disabled
          rows={2}
          placeholder={q.commentBoxGuide || "Add a comment"}
          aria-label={`Comment on ${label}`}
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
      ) : null}
    </fieldset>
  );
}
