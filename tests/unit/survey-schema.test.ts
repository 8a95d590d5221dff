import { describe, expect, it } from "vitest";
import { choicesFor } from "~/modules/blocks/scales";
import type { ChoiceBlock, SurveyBlock } from "~/modules/surveys/blocks";
import {
  applyLocks,
  lockViolations,
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

describe("survey builder schema (001 §5)", () => {
  it("requires the survey name", () => {
    expect(errorsOf({ name: "  ", blocks: [] })).toEqual({ name: [REQUIRED] });
  });

  it("stores Teams-type custom choices one per line, dropping empty lines", () => {
    const ok = parse({ name: "S", blocks: [choice({ scale: "custom", customItems: "Often\n\n  \nSometimes\nNever\n" })] });
    expect(ok.success).toBe(true);
    const [stored] = toStoredBlocks(ok.data!.blocks) as ChoiceBlock[];
    expect(stored.choices).toEqual([
      { text: "Often", value: 0 },
      { text: "Sometimes", value: 1 },
      { text: "Never", value: 2 },
    ]);
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

  it("round-trips a group, a tracked (locked) question and a lock through the form on both platforms", () => {
    const blocks: SurveyBlock[] = [
      { id: "a", type: "static-text", value: "Welcome", isLocked: true },
      { ...tracked("c", "Pick"), choices: choicesFor("nps") },
      {
        id: "g",
        type: "group",
        label: "G",
        description: "D",
        questions: [
          { id: "d", type: "static-text", value: "Inside" },
          { ...tracked("e"), choices: choicesFor("nps") },
        ],
      },
    ];
    for (const platform of ["slack", "msteams"] as const) expect(toStoredBlocks(toFormBlocks(blocks, platform))).toEqual(blocks);
  });
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
