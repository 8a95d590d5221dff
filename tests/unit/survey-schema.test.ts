import { describe, expect, it } from "vitest";
import type { ChoiceBlock, SurveyBlock } from "~/modules/surveys/blocks";
import {
  AT_LEAST_ONE_CHOICE,
  applyLocks,
  lockViolations,
  MIN_VALUE_0,
  newBlock,
  SurveyBuilderSchema,
  templateBlocks,
  toFormBlocks,
  toStoredBlocks,
  withIds,
  type BlockForm,
} from "~/modules/surveys/survey.schema";

const REQUIRED = "This is a required field.";

function parse(value: Record<string, unknown>) {
  return SurveyBuilderSchema.safeParse(value);
}

function errorsOf(value: Record<string, unknown>) {
  const result = parse(value);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const path = issue.path
      .map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`))
      .join("")
      .replace(/^\./, "");
    (out[path] ??= []).push(issue.message);
  }
  return out;
}

const choice = (extra: Partial<BlockForm> = {}): BlockForm => ({
  key: "n1",
  type: "choice",
  label: "How are you?",
  scale: "nps",
  ...extra,
});

describe("survey builder schema (001 §5)", () => {
  it("requires the survey name", () => {
    expect(errorsOf({ name: "  ", blocks: [] })).toEqual({ name: [REQUIRED] });
  });

  it("requires a choice question's label, and at least one custom choice", () => {
    expect(errorsOf({ name: "S", blocks: [choice({ label: "" })] })).toEqual({ "blocks[0].label": [REQUIRED] });
    expect(errorsOf({ name: "S", blocks: [choice({ scale: "custom", customChoices: [] })] })).toEqual({
      "blocks[0].customChoices": [AT_LEAST_ONE_CHOICE],
    });
  });

  it("requires a custom choice's text and a value of at least 0 ('MinValue0')", () => {
    const errors = errorsOf({
      name: "S",
      blocks: [choice({ scale: "custom", customChoices: [{ text: "", value: 1 }, { text: "Fine", value: -1 }, { text: "Ok" }] })],
    });
    expect(errors["blocks[0].customChoices[0].text"]).toEqual([REQUIRED]);
    expect(errors["blocks[0].customChoices[1].value"]).toEqual([MIN_VALUE_0]);
    expect(errors["blocks[0].customChoices[2].value"]).toEqual([MIN_VALUE_0]);
  });

  it("requires the comment box guide when the comment box is on", () => {
    expect(errorsOf({ name: "S", blocks: [choice({ commentBox: true, commentBoxGuide: " " })] })).toEqual({
      "blocks[0].commentBoxGuide": [REQUIRED],
    });
    expect(errorsOf({ name: "S", blocks: [choice({ commentBox: false })] })).toEqual({});
  });

  it("reads Teams-type custom choices one per line, dropping empty lines, and needs one", () => {
    const ok = parse({ name: "S", blocks: [choice({ scale: "custom", customItems: "Often\n\n  \nSometimes\nNever\n" })] });
    expect(ok.success).toBe(true);
    const [stored] = toStoredBlocks(ok.data!.blocks) as ChoiceBlock[];
    expect(stored.choices).toEqual([
      { text: "Often", value: 0 },
      { text: "Sometimes", value: 1 },
      { text: "Never", value: 2 },
    ]);
    expect(errorsOf({ name: "S", blocks: [choice({ scale: "custom", customItems: "\n \n" })] })).toEqual({
      "blocks[0].customItems": [AT_LEAST_ONE_CHOICE],
    });
  });

  it("checks a group's label and its questions", () => {
    const errors = errorsOf({
      name: "S",
      blocks: [{ key: "g", type: "group", label: "", questions: [{ key: "q", type: "static-text", value: "" }] }],
    });
    expect(errors).toEqual({ "blocks[0].label": [REQUIRED], "blocks[0].questions[0].value": [REQUIRED] });
  });

  it("requires the template name only from the template dialog", () => {
    expect(errorsOf({ name: "S", blocks: [], intent: "save" })).toEqual({});
    expect(errorsOf({ name: "S", blocks: [], intent: "template", templateTitle: "", templateVisibility: "everyone" })).toEqual({
      templateTitle: ["Template name required"],
    });
  });

  it("adds a text input not required, with the default placeholder", () => {
    expect(newBlock("text-input", "n1", "slack")).toMatchObject({ required: false, placeholder: "Type your answer here" });
  });

  it("round-trips every block type through the form on both platforms", () => {
    const blocks: SurveyBlock[] = [
      { id: "a", type: "static-text", value: "Welcome" },
      { id: "b", type: "text-input", label: "Why?", placeholder: "Type your answer here", required: true },
      {
        id: "c",
        type: "choice",
        label: "Pick",
        selectedOption: "custom",
        choices: [
          { text: "One", value: 0 },
          { text: "Two", value: 1 },
        ],
        required: true,
        dropdown: true,
        multipleAnswers: true,
        commentBox: true,
        commentBoxGuide: "Why",
        track: false,
        notApplicable: true,
      },
      { id: "g", type: "group", label: "G", description: "D", questions: [{ id: "d", type: "static-text", value: "Inside" }] },
    ];
    for (const platform of ["slack", "msteams"] as const) expect(toStoredBlocks(toFormBlocks(blocks, platform))).toEqual(blocks);
  });
});

const tracked = (id: string, label = "eNPS"): ChoiceBlock => ({
  id,
  type: "choice",
  label,
  selectedOption: "nps",
  choices: [],
  required: true,
  dropdown: false,
  multipleAnswers: false,
  commentBox: false,
  commentBoxGuide: "",
  track: true,
  notApplicable: false,
  isLocked: true,
});
const text = (id: string, value = id): SurveyBlock => ({ id, type: "static-text", value });

describe("locking (001 §4)", () => {
  const stored: SurveyBlock[] = [text("a"), tracked("t"), text("b")];

  it("locks a tracked question on save, whoever saves", () => {
    const { blocks, refused } = applyLocks([], [{ ...tracked("x"), isLocked: false }], false);
    expect(refused).toBe(false);
    expect(blocks[0].isLocked).toBe(true);
  });

  it("refuses a lock change from someone without LockUnlockSurveyQuestion, allows it with", () => {
    const untracked = { ...tracked("u"), track: false, isLocked: false };
    expect(applyLocks([untracked], [{ ...untracked, isLocked: true }], false).refused).toBe(true);
    expect(applyLocks([untracked], [{ ...untracked, isLocked: true }], true).blocks[0].isLocked).toBe(true);
    // Nobody unlocks a tracked question: it stays locked, and untracking it is an edit.
    const next = applyLocks(stored, [text("a"), { ...tracked("t"), isLocked: false }, text("b")], true).blocks;
    expect(next[1].isLocked).toBe(true);
    const untracking = applyLocks(stored, [text("a"), { ...tracked("t"), track: false, isLocked: false }, text("b")], true).blocks;
    expect(lockViolations(stored, untracking)).toEqual(["t"]);
  });

  it("accepts the same locked question in its place, with others added, removed or edited around it", () => {
    expect(lockViolations(stored, [text("new"), text("a", "edited"), tracked("t"), text("c")])).toEqual([]);
  });

  it("refuses an edit, a removal, a move or a copy of a locked question", () => {
    expect(lockViolations(stored, [text("a"), tracked("t", "Changed"), text("b")])).toEqual(["t"]);
    expect(lockViolations(stored, [text("a"), text("b")])).toEqual(["t"]);
    expect(lockViolations(stored, [tracked("t"), text("a"), text("b")])).toEqual(["t"]);
    expect(lockViolations(stored, [text("a"), tracked("t"), tracked("t"), text("b")])).toEqual(["t"]);
    expect(lockViolations(stored, [text("a"), tracked("t"), tracked("copy"), text("b")])).toEqual(["t"]);
    // Into a group is a move too.
    expect(
      lockViolations(stored, [text("a"), { id: "g", type: "group", label: "G", description: "", questions: [tracked("t")] }, text("b")])
    ).toEqual(["t"]);
  });

  it("gives new blocks fresh ids and keeps stored ones; a template copy has fresh ids and no lock", () => {
    let n = 0;
    const out = withIds([text("a"), text("n1"), text("a")], new Set(["a"]), () => `id${++n}`);
    expect(out.map((b) => b.id)).toEqual(["a", "id1", "id2"]);
    const copy = templateBlocks(stored);
    expect(copy.map((b) => b.id)).not.toContain("t");
    expect(copy.some((b) => b.isLocked)).toBe(false);
  });
});
