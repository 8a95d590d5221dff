import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import {
  FILE_REQUIRED,
  UNSUPPORTED_FILE,
  declaredZipSize,
  escapeCell,
  fileTooLarge,
  readSpreadsheet,
  toXlsx,
} from "~/lib/spreadsheet.server";

function book(rows: unknown[][], bookType: "xlsx" | "xls"): Uint8Array<ArrayBuffer> {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), "Sheet1");
  return new Uint8Array(XLSX.write(wb, { type: "array", bookType }) as ArrayBuffer);
}

const file = (parts: BlobPart[], name: string) => new File(parts, name);

/** A stored (uncompressed) zip of one entry whose headers declare `declared` bytes. */
function craftedZip(name: string, data: Uint8Array, declared: number, lieIn: "both" | "central" = "both"): Uint8Array<ArrayBuffer> {
  const nameBytes = new TextEncoder().encode(name);
  const local = new Uint8Array(30 + nameBytes.length + data.length);
  const lv = new DataView(local.buffer);
  lv.setUint32(0, 0x04034b50, true);
  lv.setUint16(4, 20, true);
  lv.setUint32(18, data.length, true);
  lv.setUint32(22, lieIn === "both" ? declared : data.length, true);
  lv.setUint16(26, nameBytes.length, true);
  local.set(nameBytes, 30);
  local.set(data, 30 + nameBytes.length);
  const central = new Uint8Array(46 + nameBytes.length);
  const cv = new DataView(central.buffer);
  cv.setUint32(0, 0x02014b50, true);
  cv.setUint16(4, 20, true);
  cv.setUint16(6, 20, true);
  cv.setUint32(20, data.length, true);
  cv.setUint32(24, declared, true);
  cv.setUint16(28, nameBytes.length, true);
  cv.setUint32(42, 0, true);
  central.set(nameBytes, 46);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, 1, true);
  ev.setUint16(10, 1, true);
  ev.setUint32(12, central.length, true);
  ev.setUint32(16, local.length, true);
  const out = new Uint8Array(local.length + central.length + end.length);
  out.set(local, 0);
  out.set(central, local.length);
  out.set(end, local.length + central.length);
  return out;
}

describe("readSpreadsheet", () => {
  it("reads csv, xlsx and xls into string rows", async () => {
    const rows = [["email"], ["eve@acme.test"], ["0012"]];
    const csv = await readSpreadsheet(file(["email\r\neve@acme.test\r\n0012\r\n"], "a.csv"));
    expect(csv).toEqual({ ok: true, rows });
    const xlsx = await readSpreadsheet(file([book(rows, "xlsx")], "a.XLSX"));
    expect(xlsx).toEqual({ ok: true, rows });
    const xls = await readSpreadsheet(file([book(rows, "xls")], "a.xls"));
    expect(xls).toEqual({ ok: true, rows });
  });

  it("keeps blank rows so row numbers match the file", async () => {
    const csv = await readSpreadsheet(file(["email\n\nbob@x.test\n"], "a.csv"));
    expect(csv).toEqual({ ok: true, rows: [["email"], [], ["bob@x.test"]] });
  });

  it("requires a file", async () => {
    expect(await readSpreadsheet(null)).toEqual({ ok: false, message: FILE_REQUIRED });
    expect(await readSpreadsheet(file([], "a.csv"))).toEqual({ ok: false, message: FILE_REQUIRED });
  });

  it("refuses other extensions and contents that do not match the extension", async () => {
    const refused = { ok: false, message: UNSUPPORTED_FILE };
    expect(await readSpreadsheet(file(["%PDF-1.7\n"], "a.pdf"))).toEqual(refused);
    expect(await readSpreadsheet(file(["email\n"], "a.txt"))).toEqual(refused);
    expect(await readSpreadsheet(file([new Uint8Array([0, 1, 2, 255, 254, 0, 7])], "binary.csv"))).toEqual(refused);
    expect(await readSpreadsheet(file([new Uint8Array([0xc3, 0x28, 0x41])], "latin.csv"))).toEqual(refused);
    expect(await readSpreadsheet(file([book([["email"]], "xlsx")], "zip.csv"))).toEqual(refused);
    expect(await readSpreadsheet(file(["email\nx@y.test\n"], "text.xlsx"))).toEqual(refused);
    expect(await readSpreadsheet(file([book([["email"]], "xlsx")], "zip.xls"))).toEqual(refused);
  });

  it("refuses an oversize file", async () => {
    const big = "email\n" + "someone@example.test\n".repeat(110_000);
    expect(await readSpreadsheet(file([big], "big.csv"))).toEqual({ ok: false, message: fileTooLarge() });
  });

  it("refuses a zip that declares a huge uncompressed size, before parsing", async () => {
    const bomb = craftedZip("xl/workbook.xml", new TextEncoder().encode("<x/>"), 3_000_000_000);
    expect(bomb.length).toBeLessThan(200);
    expect(declaredZipSize(bomb)).toEqual({ total: 3_000_000_000, entries: 1 });
    expect(await readSpreadsheet(file([bomb], "bomb.xlsx"))).toEqual({ ok: false, message: fileTooLarge() });
    // Local header and central directory disagree: refused as not a valid workbook.
    const liar = craftedZip("xl/workbook.xml", new TextEncoder().encode("<x/>"), 3_000_000_000, "central");
    expect(declaredZipSize(liar)).toBeNull();
    expect(await readSpreadsheet(file([liar], "liar.xlsx"))).toEqual({ ok: false, message: UNSUPPORTED_FILE });
    // A real workbook declares its true size.
    const real = declaredZipSize(book([["email"]], "xlsx"));
    expect(real && real.total).toBeGreaterThan(0);
    expect(real!.total).toBeLessThan(100_000);
  });
});

describe("toXlsx", () => {
  it("escapes formula-like cells and round-trips", async () => {
    expect(escapeCell("=1+1")).toBe("'=1+1");
    expect(escapeCell("+1")).toBe("'+1");
    expect(escapeCell("-1")).toBe("'-1");
    expect(escapeCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(escapeCell("\tx")).toBe("'\tx");
    expect(escapeCell("\rx")).toBe("'\rx");
    expect(escapeCell("plain = text")).toBe("plain = text");
    const bytes = toXlsx([["Name", "Count"], ['=HYPERLINK("http://evil.test","x")', 3], [null, "ok"]], "My: [sheet]");
    const wb = XLSX.read(bytes, { type: "array", cellFormula: true });
    expect(wb.SheetNames[0]).toBe("My   sheet");
    const sheet = wb.Sheets[wb.SheetNames[0]];
    expect(sheet.A2.f).toBeUndefined();
    expect(sheet.A2.t).toBe("s");
    expect(XLSX.utils.sheet_to_json(sheet, { header: 1, defval: "" })).toEqual([
      ["Name", "Count"],
      ['\'=HYPERLINK("http://evil.test","x")', "3"],
      ["", "ok"],
    ]);
  });
});
