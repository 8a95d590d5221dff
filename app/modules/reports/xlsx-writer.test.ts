import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
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
