import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { buildDataStudioWorkbook, queryPages, sheetCell } from "~/modules/analytics/data-studio/download.server";
import { TABLE_DEFINITIONS } from "~/modules/analytics/data-studio/definitions";
import type { QueryDocument } from "~/modules/analytics/data-studio/query-types";
import { fixtureDb, fixtureViewer } from "./data-studio-fixtures";

/** A drizzle handle whose D1 binding is the fixture's SQLite (what readRows uses: prepare, bind, all). */
function fakeDb(): Db {
  const db = fixtureDb(["A", "B"], false);
  const prepare = (text: string) => ({
    bind: (...params: unknown[]) => ({ all: async () => ({ results: db.prepare(text).all(...params) }) }),
  });
  return { $client: { prepare } } as unknown as Db;
}

const admin = fixtureViewer("A", "admin");
const feedbackDoc: QueryDocument = {
  table: "feedback",
  columns: [[{ type: "attribute", name: "text" }], [{ type: "edge", name: "receiver" }, { type: "attribute", name: "name" }], [{ type: "attribute", name: "public" }]],
};

describe("Data Studio download", () => {
  it("pages after the last row's key and reads every row once, in order", async () => {
    const db = fakeDb();
    const doc: QueryDocument = { table: "people", columns: [[{ type: "attribute", name: "name" }]] };
    const pages: string[][] = [];
    for await (const page of queryPages(db, admin, doc, 100, 2)) pages.push(page.rows.map((r) => String(r[0])));
    expect(pages).toEqual([["Acme Admin", "Acme Employee"], ["Acme Manager", "Acme Peer"], ["Acme Secret", "Acme Teamadmin"]]);
    const capped: string[] = [];
    for await (const page of queryPages(db, admin, doc, 3, 2)) capped.push(...page.rows.map((r) => String(r[0])));
    expect(capped).toEqual(["Acme Admin", "Acme Employee", "Acme Manager"]);
  });

  it("pages of one row each read the same rows as one page, on every table", async () => {
    const db = fakeDb();
    for (const table of TABLE_DEFINITIONS) {
      const doc: QueryDocument = { table: table.name, columns: table.attributes.map((a) => [{ type: "attribute" as const, name: a.name }]) };
      const whole: unknown[][] = [];
      for await (const page of queryPages(db, admin, doc, 1000, 1000)) whole.push(...page.rows);
      const oneByOne: unknown[][] = [];
      for await (const page of queryPages(db, admin, doc, 1000, 1)) oneByOne.push(...page.rows);
      expect(oneByOne, table.name).toEqual(whole);
      expect(whole.length, table.name).toBeGreaterThan(0);
    }
  });

  it("writes a workbook with the columns' labels and escaped cells", async () => {
    const bytes = await buildDataStudioWorkbook(fakeDb(), admin, feedbackDoc, "Praise: =SUM(A1)");
    const book = XLSX.read(bytes, { type: "array" });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: true });
    expect(rows).toEqual([
      ["Feedback › Feedback", "Feedback › Receiver › Name", "Feedback › Public praise"],
      ["Acme well done", "Acme Employee", "No"],
      ["Acme private note", "Acme Peer", "No"],
      ["'=cmd|' /C calc'!A0 Acme", "Acme Manager", "Yes"],
      ["Acme anonymous words", "Acme Employee", "No"],
    ]);
    // No cell is a formula.
    const sheet = book.Sheets[book.SheetNames[0]];
    expect(Object.keys(sheet).filter((k) => !k.startsWith("!") && (sheet[k] as { f?: string }).f)).toEqual([]);
  });

  it("cells: numbers stay numbers, formula-like text is escaped", () => {
    expect(sheetCell(4.5)).toBe(4.5);
    expect(sheetCell(null)).toBe(null);
    expect(sheetCell("+1")).toBe("'+1");
    expect(sheetCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(sheetCell("-2")).toBe("'-2");
    expect(sheetCell(true)).toBe("Yes");
  });
});
