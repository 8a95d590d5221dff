import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import type { StoredBlock } from "~/modules/reviews/questionnaire-blocks";
import { answerCells, questionPlan } from "./answer-cells.server";
import { writeXlsx } from "./xlsx-writer.server";

function read(body: Uint8Array) {
  const book = XLSX.read(body, { type: "array" });
  return { names: book.SheetNames, rows: XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, defval: "" }) };
}

describe("writeXlsx (a sheet written as its rows come)", () => {
  it("writes a workbook SheetJS reads back: header, text and numbers, pages in order", async () => {
    async function* pages() {
      yield [
        ["Alpha", 1],
        ["Beta", 2.5],
      ];
      yield [];
      yield [["Gamma", ""]];
    }
    const { names, rows } = read(await writeXlsx({ sheetName: "Answers", header: ["Name", "Score"], pages: pages(), widths: [20, 8] }));
    expect(names).toEqual(["Answers"]);
    expect(rows).toEqual([
      ["Name", "Score"],
      ["Alpha", 1],
      ["Beta", 2.5],
      ["Gamma", ""],
    ]);
  });

  it("escapes XML, keeps spaces and line breaks, drops characters XML cannot carry", async () => {
    const text = ` <b>Tom & "Jerry"</b>\n second line \u0001\u0008 end `;
    const { rows } = read(await writeXlsx({ sheetName: "S", header: ["Text"], pages: [[[text]]] }));
    expect(rows[1]).toEqual([` <b>Tom & "Jerry"</b>\n second line  end `]);
  });

  it("makes a sheet name a spreadsheet accepts", async () => {
    const { names } = read(await writeXlsx({ sheetName: "Q1/Q2: [draft]?", header: ["A"], pages: [] }));
    expect(names).toEqual(["Q1 Q2   draft"]);
  });
});

describe("answerCells (answer-level rows)", () => {
  const blocks = [
    { id: "h", type: "title", typeTitle: "Title", titleValue: { text: "Heading" } },
    {
      id: "c",
      type: "multi-select",
      typeTitle: "Multiple Choice",
      multiSelectValue: {
        label: "On time?",
        selectedOption: "custom",
        choices: [
          { text: "No", value: 0 },
          { text: "Yes", value: 1 },
        ],
        numericValue: false,
        commentBox: true,
        commentBoxGuide: "",
        required: true,
        dropdown: false,
        selectedView: "radio",
        isNotApplicableOption: true,
      },
    },
    { id: "t", type: "long-text", typeTitle: "Long Text", textValue: { label: "=Notes", placeholder: "", required: false } },
  ] as unknown as StoredBlock[];
  const plan = questionPlan(blocks);
  const pair = { review: "Review", reviewee: "@Rae", reviewer: "Anonymous" };

  it("one row per question (headings left out) with the choice's text and score, comments, escaped cells", () => {
    expect(
      answerCells(plan, { ...pair, answers: { c: { value: "1", comment: "-late once" }, t: { value: "<p>Good <b>work</b></p>" } } })
    ).toEqual([
      ["Review", "'@Rae", "Anonymous", "On time?", "Yes", 1, "'-late once"],
      ["Review", "'@Rae", "Anonymous", "'=Notes", "Good work", "", ""],
    ]);
  });

  it("says Not answered and Not Applicable, without a score", () => {
    const rows = answerCells(plan, { ...pair, answers: { c: { notApplicable: true } } });
    expect(rows.map((r) => [r[4], r[5]])).toEqual([
      ["Not Applicable", ""],
      ["Not answered", ""],
    ]);
  });
});
