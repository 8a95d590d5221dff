import * as XLSX from "@e965/xlsx";

/**
 * Uploaded spreadsheets in, generated spreadsheets out (DESIGN.md "Bad input").
 *
 * Reading: the extension AND the content must agree (csv = UTF-8 text, xlsx = a zip archive,
 * xls = an OLE compound file); the file is size-limited, and an xlsx archive whose declared
 * uncompressed size is too large (a zip bomb) is refused from its central directory before
 * SheetJS inflates anything. Every cell comes back as a trimmed-free string.
 *
 * Writing: `toXlsx` escapes cells that a spreadsheet would read as a formula.
 */

/** 002 §8: the only text the specification gives for a file of the wrong kind. */
export const UNSUPPORTED_FILE = "Supported file formats are .xlsx and .csv";
export const FILE_REQUIRED = "This is a required field.";
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
export const MAX_UNCOMPRESSED_BYTES = 20 * 1024 * 1024;
export const MAX_ZIP_ENTRIES = 2000;
export const MAX_ROWS = 20_000;
export const fileTooLarge = (maxBytes = MAX_UPLOAD_BYTES) => `The file is too large (at most ${Math.round(maxBytes / 1024 / 1024)} MB).`;
export const FILE_UNREADABLE = "The file could not be read.";

export type ReadResult = { ok: true; rows: string[][] } | { ok: false; message: string };

export interface ReadOptions {
  maxBytes?: number;
  maxUncompressedBytes?: number;
  maxRows?: number;
}

type Kind = "csv" | "xlsx" | "xls";

function kindOf(name: string): Kind | null {
  const lower = name.toLowerCase();
  if (lower.endsWith(".csv")) return "csv";
  if (lower.endsWith(".xlsx")) return "xlsx";
  if (lower.endsWith(".xls")) return "xls";
  return null;
}

const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(bytes: Uint8Array, magic: number[]) {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

/**
 * The sum of the uncompressed sizes an xlsx (zip) archive declares, read from its central
 * directory, or null when the archive is malformed, uses zip64, or its local headers disagree
 * with the central directory (a crafted archive that lies in one place to pass this check).
 */
export function declaredZipSize(bytes: Uint8Array): { total: number; entries: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const len = bytes.length;
  if (len < 22) return null;
  // End of central directory: 22 bytes plus a comment of at most 65535 bytes, at the end.
  let eocd = -1;
  for (let i = len - 22; i >= Math.max(0, len - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = view.getUint16(eocd + 10, true);
  const cdSize = view.getUint32(eocd + 12, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  if (entries === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) return null; // zip64
  if (cdOffset + cdSize > eocd) return null;
  let total = 0;
  let p = cdOffset;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > eocd || view.getUint32(p, true) !== 0x02014b50) return null;
    const flags = view.getUint16(p + 8, true);
    const compressed = view.getUint32(p + 20, true);
    const uncompressed = view.getUint32(p + 24, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    const localOffset = view.getUint32(p + 42, true);
    if (compressed === 0xffffffff || uncompressed === 0xffffffff || localOffset === 0xffffffff) return null;
    // The local header must exist and, unless sizes follow in a data descriptor, agree.
    if (localOffset + 30 > len || view.getUint32(localOffset, true) !== 0x04034b50) return null;
    if (!(flags & 0x08)) {
      const localCompressed = view.getUint32(localOffset + 18, true);
      const localUncompressed = view.getUint32(localOffset + 22, true);
      if (localCompressed !== compressed || localUncompressed !== uncompressed) return null;
    }
    total += uncompressed;
    p += 46 + nameLen + extraLen + commentLen;
  }
  return { total, entries };
}

function isUtf8Text(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

/** Every row of the first sheet as strings (blank rows kept, so row numbers match the file). */
function sheetRows(workbook: XLSX.WorkBook): string[][] {
  const name = workbook.SheetNames[0];
  const sheet = name ? workbook.Sheets[name] : undefined;
  if (!sheet) return [];
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: "", blankrows: true });
  return rows.map((row) => row.map((cell) => (cell == null ? "" : String(cell))));
}

/** Read an uploaded csv, xlsx or xls file into rows of strings, or say why not. */
export async function readSpreadsheet(file: unknown, options: ReadOptions = {}): Promise<ReadResult> {
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  const maxUncompressed = options.maxUncompressedBytes ?? MAX_UNCOMPRESSED_BYTES;
  const maxRows = options.maxRows ?? MAX_ROWS;
  if (!(file instanceof File) || file.size === 0 || !file.name) return { ok: false, message: FILE_REQUIRED };
  const kind = kindOf(file.name);
  if (!kind) return { ok: false, message: UNSUPPORTED_FILE };
  if (file.size > maxBytes) return { ok: false, message: fileTooLarge(maxBytes) };
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length > maxBytes) return { ok: false, message: fileTooLarge(maxBytes) };

  const common = { cellFormula: false, cellHTML: false, cellStyles: false, cellText: true, sheetRows: maxRows + 1, sheets: 0 } as const;
  let workbook: XLSX.WorkBook;
  try {
    if (kind === "csv") {
      if (startsWith(bytes, ZIP_LOCAL) || startsWith(bytes, OLE)) return { ok: false, message: UNSUPPORTED_FILE };
      const text = isUtf8Text(bytes);
      if (text === null) return { ok: false, message: UNSUPPORTED_FILE };
      // raw: every value stays the text it was in the file (no number or date guessing).
      workbook = XLSX.read(text.replace(/^\uFEFF/, ""), { ...common, type: "string", raw: true, dense: true });
    } else if (kind === "xlsx") {
      if (!startsWith(bytes, ZIP_LOCAL)) return { ok: false, message: UNSUPPORTED_FILE };
      const declared = declaredZipSize(bytes);
      if (!declared) return { ok: false, message: UNSUPPORTED_FILE };
      if (declared.entries > MAX_ZIP_ENTRIES || declared.total > maxUncompressed) return { ok: false, message: fileTooLarge(maxBytes) };
      workbook = XLSX.read(bytes, { ...common, type: "array", dense: true });
    } else {
      if (!startsWith(bytes, OLE)) return { ok: false, message: UNSUPPORTED_FILE };
      workbook = XLSX.read(bytes, { ...common, type: "array", dense: true });
    }
  } catch {
    return { ok: false, message: FILE_UNREADABLE };
  }
  const rows = sheetRows(workbook);
  if (rows.length > maxRows) return { ok: false, message: `The file has more than ${maxRows} rows.` };
  return { ok: true, rows };
}

/** A cell a spreadsheet would evaluate (=, +, -, @, tab, CR) is prefixed with a single quote. */
export function escapeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export type Cell = string | number | null | undefined;

/** An .xlsx workbook of one sheet; every cell is written as text, formula-like text escaped. */
export function toXlsx(rows: Cell[][], sheetName: string): Uint8Array<ArrayBuffer> {
  const safe = rows.map((row) => row.map((cell) => (cell == null ? "" : escapeCell(String(cell)))));
  const sheet = XLSX.utils.aoa_to_sheet(safe);
  const workbook = XLSX.utils.book_new();
  const name = sheetName.replace(/[[\]:*?/\\']/g, " ").trim().slice(0, 31) || "Sheet1";
  XLSX.utils.book_append_sheet(workbook, sheet, name);
  const out = XLSX.write(workbook, { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer;
  return new Uint8Array(out);
}

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export interface SheetSpec {
  name: string;
  rows: Cell[][];
}

/**
 * An .xlsx workbook of several sheets: text escaped as in `toXlsx`, numbers kept as numbers (a
 * score can be summed or charted in the spreadsheet). Sheet names are made valid and unique.
 */
export function toXlsxSheets(sheets: readonly SheetSpec[]): Uint8Array<ArrayBuffer> {
  const workbook = XLSX.utils.book_new();
  const used = new Set<string>();
  sheets.forEach((spec, i) => {
    const safe = spec.rows.map((row) =>
      row.map((cell) => (typeof cell === "number" && Number.isFinite(cell) ? cell : cell == null ? "" : escapeCell(String(cell))))
    );
    const base =
      spec.name
        .replace(/[[\]:*?/\\']/g, " ")
        .trim()
        .slice(0, 31) || `Sheet${i + 1}`;
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base.slice(0, 31 - String(n).length - 1)} ${n}`;
    used.add(name.toLowerCase());
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(safe), name);
  });
  const out = XLSX.write(workbook, { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer;
  return new Uint8Array(out);
}
