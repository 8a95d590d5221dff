import { Zip, ZipDeflate } from "fflate";

/**
 * An .xlsx of one sheet written as its rows come (the bulk XLSX of 50,000 answer rows
 * inside a Worker's 128 MB). SheetJS builds the whole sheet as objects, then the whole sheet XML
 * as one string, then its bytes: measured, 50,000 answer rows needed more than 112 MB of heap.
 * Here each page of rows becomes XML, is encoded and deflated at once (fflate's streaming zip),
 * and only the compressed bytes are kept — about a tenth of the XML.
 *
 * The package is the minimal SpreadsheetML a spreadsheet opens: content types, relationships,
 * workbook, styles and one worksheet of inline strings and numbers. Cells are written as given:
 * escaping formula-like text is the caller's (answerCells does it), XML escaping is done here,
 * and characters XML 1.0 cannot carry are dropped.
 */

export type XlsxCell = string | number | null | undefined;

const encoder = new TextEncoder();

/**
 * A zip archive (deflate) kept as its compressed chunks, made with fflate's streaming Zip: each
 * file's content is deflated as its parts arrive, so only compressed bytes are ever held.
 */
class ZipBuilder {
  #chunks: Uint8Array[] = [];
  #size = 0;
  #error: Error | null = null;
  #zip = new Zip((error, chunk) => {
    if (error) this.#error = error;
    else {
      this.#chunks.push(chunk);
      this.#size += chunk.length;
    }
  });

  /** Adds a file whose content comes in parts. */
  async add(name: string, parts: AsyncIterable<string> | Iterable<string>) {
    const file = new ZipDeflate(name, { level: 6 });
    this.#zip.add(file);
    for await (const part of parts) if (part) file.push(encoder.encode(part));
    file.push(new Uint8Array(0), true);
    if (this.#error) throw this.#error;
  }

  /** The archive: the files, then the central directory. */
  finish(): Uint8Array {
    this.#zip.end();
    if (this.#error) throw this.#error;
    const out = new Uint8Array(this.#size);
    let at = 0;
    for (const chunk of this.#chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    this.#chunks = [];
    return out;
  }
}

// XML 1.0 allows tab, LF, CR and everything from U+0020 except lone surrogates, U+FFFE and U+FFFF.
// eslint-disable-next-line no-control-regex
const NOT_XML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Excel's limit of characters in one cell. */
const MAX_CELL_CHARS = 32767;

function xmlText(value: string): string {
  const text = value.length > MAX_CELL_CHARS ? value.slice(0, MAX_CELL_CHARS) : value;
  return text.replace(NOT_XML, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function rowXml(cells: readonly XlsxCell[], rowNumber: number, columns: string[]): string {
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i];
    if (cell === null || cell === undefined || cell === "") continue;
    const ref = `${columns[i] ?? columnName(i)}${rowNumber}`;
    if (typeof cell === "number" && Number.isFinite(cell)) xml += `<c r="${ref}"><v>${cell}</v></c>`;
    else xml += `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlText(String(cell))}</t></is></c>`;
  }
  return `${xml}</row>`;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

function staticParts(sheetName: string): Array<[string, string]> {
  return [
    [
      "[Content_Types].xml",
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        "</Types>",
    ],
    [
      "_rels/.rels",
      `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      "xl/workbook.xml",
      `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>` +
        `<sheet name="${xmlText(sheetName).replace(/"/g, "&quot;")}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      "xl/_rels/workbook.xml.rels",
      `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    ],
    [
      "xl/styles.xml",
      `${XML_HEAD}<styleSheet xmlns="${MAIN}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>` +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>',
    ],
  ];
}

/**
 * An .xlsx of one sheet: `header`, then each page of `pages` as it comes. `widths` are column
 * widths in characters. Returns the file's bytes.
 */
export async function writeXlsx(input: {
  sheetName: string;
  header: readonly XlsxCell[];
  pages: AsyncIterable<readonly (readonly XlsxCell[])[]> | Iterable<readonly (readonly XlsxCell[])[]>;
  widths?: number[];
}): Promise<Uint8Array> {
  const sheetName =
    input.sheetName
      .replace(/[[\]:*?/\\']/g, " ")
      .trim()
      .slice(0, 31) || "Sheet1";
  const columns = input.header.map((_, i) => columnName(i));
  const zip = new ZipBuilder();
  for (const [name, xml] of staticParts(sheetName)) await zip.add(name, [xml]);
  async function* sheet() {
    const cols = input.widths?.length
      ? `<cols>${input.widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join("")}</cols>`
      : "";
    yield `${XML_HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}">${cols}<sheetData>${rowXml(input.header, 1, columns)}`;
    let rowNumber = 1;
    for await (const page of input.pages) {
      const parts: string[] = [];
      for (const row of page) parts.push(rowXml(row, ++rowNumber, columns));
      yield parts.join("");
    }
    yield "</sheetData></worksheet>";
  }
  await zip.add("xl/worksheets/sheet1.xml", sheet());
  return zip.finish();
}
