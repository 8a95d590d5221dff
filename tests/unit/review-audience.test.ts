import * as XLSX from "@e965/xlsx";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FILE_REQUIRED, fileTooLarge } from "~/lib/spreadsheet.server";
import { SAMPLE_FILES } from "~/modules/reviews/audience";
import {
  INVALID_EMAILS,
  REVIEW_UPLOAD_UNSUPPORTED,
  UNVERIFIED_REASONS,
  autoSuggest,
  managerDownward,
  managerUpward,
  membersByEmail,
  readNomineesUpload,
  readPairsUpload,
  selfReview,
  uniquePairs,
  type AudienceMember,
} from "~/modules/reviews/audience.server";

const person = (id: string, name: string, managerIds: string[] = []): AudienceMember => ({
  id,
  name,
  email: `${id}@acme.test`,
  title: null,
  departmentId: null,
  managerIds,
});

/*
 * boss ── ann, bob, cat, dan (peers); ann ── eli; out is a manager outside the channel (of fay).
 */
const boss = person("boss", "Boss");
const ann = person("ann", "Ann", ["boss"]);
const bob = person("bob", "Bob", ["boss"]);
const cat = person("cat", "Cat", ["boss"]);
const dan = person("dan", "Dan", ["boss"]);
const eli = person("eli", "Eli", ["ann"]);
const fay = person("fay", "Fay", ["out"]);
const everyone = [ann, bob, boss, cat, dan, eli, fay];
const inChannel = new Set(everyone.map((m) => m.id));
const pair = (revieweeId: string, reviewerId: string) => ({ revieweeId, reviewerId });

describe("audience suggestions", () => {
  it("Self Review: every member reviews themselves", () => {
    expect(selfReview([ann, bob, ann])).toEqual([pair("ann", "ann"), pair("bob", "bob")]);
  });

  it("Manager Downward: managers in the channel review their reports; managers elsewhere are skipped", () => {
    expect(managerDownward(everyone, inChannel)).toEqual([
      pair("ann", "boss"),
      pair("bob", "boss"),
      pair("cat", "boss"),
      pair("dan", "boss"),
      pair("eli", "ann"),
    ]);
  });

  it("Manager Upward: members review their managers in the channel", () => {
    expect(managerUpward([eli, fay, ann], inChannel)).toEqual([pair("ann", "eli"), pair("boss", "ann")]);
  });

  it("a person with two managers is reviewed by both, and listed as their own manager by nobody", () => {
    const two = person("two", "Two", ["boss", "ann", "two"]);
    expect(managerDownward([two], new Set([...inChannel, "two"]))).toEqual([pair("two", "boss"), pair("two", "ann")]);
  });

  it("Auto: self, managers, direct reports and at most two peers by name, unique", () => {
    const pairs = autoSuggest(everyone, inChannel);
    const of = (id: string) => pairs.filter((p) => p.revieweeId === id).map((p) => p.reviewerId);
    expect(of("ann")).toEqual(["ann", "boss", "eli", "bob", "cat"]);
    expect(of("dan")).toEqual(["dan", "boss", "ann", "bob"]);
    expect(of("boss")).toEqual(["boss", "ann", "bob", "cat", "dan"]);
    expect(of("eli")).toEqual(["eli", "ann"]);
    // fay's only manager is outside the channel and has no other reports here.
    expect(of("fay")).toEqual(["fay"]);
    expect(uniquePairs(pairs)).toEqual(pairs);
  });

  it("Auto with a department filter looks for reports and peers in the whole channel", () => {
    const all = new Map(everyone.map((m) => [m.id, m]));
    const pairs = autoSuggest([ann], inChannel, all);
    expect(pairs).toEqual([pair("ann", "ann"), pair("ann", "boss"), pair("ann", "eli"), pair("ann", "bob"), pair("ann", "cat")]);
    // Without `all`, only the given members are candidates.
    expect(autoSuggest([ann, dan], inChannel)).toEqual([
      pair("ann", "ann"),
      pair("ann", "boss"),
      pair("ann", "dan"),
      pair("dan", "dan"),
      pair("dan", "boss"),
      pair("dan", "ann"),
    ]);
  });

  it("Auto keeps people outside the channel out", () => {
    const narrow = new Set(["ann", "bob", "eli"]);
    const pairs = autoSuggest([ann, bob, eli], narrow);
    expect(pairs.some((p) => p.reviewerId === "boss" || p.revieweeId === "boss")).toBe(false);
    expect(pairs.filter((p) => p.revieweeId === "ann").map((p) => p.reviewerId)).toEqual(["ann", "eli", "bob"]);
  });

  it("uniquePairs keeps the first of each reviewee-reviewer pair, in order", () => {
    expect(uniquePairs([pair("a", "b"), pair("b", "a"), pair("a", "b"), pair("a", "a")])).toEqual([
      pair("a", "b"),
      pair("b", "a"),
      pair("a", "a"),
    ]);
  });
});

const members = membersByEmail([ann, bob, cat, { ...dan, email: "Dan.Mixed@Acme.test" }]);
const csv = (text: string, name = "pairs.csv") => new File([text], name);
function xlsx(rows: string[][], name = "pairs.xlsx") {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), "Sheet1");
  return new File([new Uint8Array(XLSX.write(wb, { type: "array", bookType: "xlsx" }) as ArrayBuffer)], name);
}

describe("readPairsUpload", () => {
  it("reads csv pairs, with headers in any case and order, e-mails in any case", async () => {
    const file = csv("reviewer email,REVIEWEE EMAIL\nbob@acme.test,ANN@acme.test\ndan.mixed@acme.test,cat@acme.test\n");
    expect(await readPairsUpload(file, members)).toEqual({ ok: true, verified: [pair("ann", "bob"), pair("cat", "dan")], unverified: [] });
  });

  it("reads xlsx pairs, with the short headers", async () => {
    const file = xlsx([
      ["Reviewee", "Reviewer"],
      ["ann@acme.test", "ann@acme.test"],
      ["bob@acme.test", "cat@acme.test"],
    ]);
    expect(await readPairsUpload(file, members)).toEqual({ ok: true, verified: [pair("ann", "ann"), pair("bob", "cat")], unverified: [] });
  });

  it("lists unknown people and malformed e-mails with their file row, and drops duplicates", async () => {
    const file = csv(
      [
        "Reviewee Email,Reviewer Email",
        "ann@acme.test,bob@acme.test",
        "",
        "zed@acme.test,bob@acme.test",
        "ann@acme.test,not-an-email",
        "ANN@acme.test, bob@acme.test ",
        "ann@acme.test,",
        "nobody,ghost@elsewhere.test",
        "cat@acme.test,ann@acme.test",
      ].join("\n")
    );
    expect(await readPairsUpload(file, members)).toEqual({
      ok: true,
      verified: [pair("ann", "bob"), pair("cat", "ann")],
      unverified: [
        { row: 4, reviewee: "zed@acme.test", reviewer: "bob@acme.test", reason: "Reviewee is not in the chosen workspace or group" },
        { row: 5, reviewee: "ann@acme.test", reviewer: "not-an-email", reason: "Reviewer e-mail is not valid" },
        { row: 7, reviewee: "ann@acme.test", reviewer: "", reason: UNVERIFIED_REASONS.missing("Reviewer") },
        {
          row: 8,
          reviewee: "nobody",
          reviewer: "ghost@elsewhere.test",
          reason: "Reviewee e-mail is not valid; Reviewer is not in the chosen workspace or group",
        },
      ],
    });
  });

  it("refuses other file types with the review spec's text", async () => {
    expect(await readPairsUpload(new File(["%PDF-1.7\n"], "pairs.pdf"), members)).toEqual({
      ok: false,
      message: REVIEW_UPLOAD_UNSUPPORTED,
    });
    expect(REVIEW_UPLOAD_UNSUPPORTED).toBe("Supported file formats are .xlsx and .csv.");
    // An xlsx (zip) named .csv: the content does not match the extension.
    const zipAsCsv = new File([await xlsx([["Reviewee Email"]]).arrayBuffer()], "pairs.csv");
    expect(await readPairsUpload(zipAsCsv, members)).toEqual({ ok: false, message: REVIEW_UPLOAD_UNSUPPORTED });
  });

  it("requires a file; other refusals keep their message", async () => {
    expect(await readPairsUpload(null, members)).toEqual({ ok: false, message: "This is a required field." });
    expect(await readPairsUpload(new File([], ""), members)).toEqual({ ok: false, message: FILE_REQUIRED });
    const big = csv(`Reviewee Email,Reviewer Email\n${"ann@acme.test,bob@acme.test\n".repeat(80_000)}`);
    expect(await readPairsUpload(big, members)).toEqual({ ok: false, message: fileTooLarge() });
  });

  it("an empty file, a file without the columns or without data rows is an invalid list", async () => {
    const invalid = { ok: false, message: INVALID_EMAILS };
    expect(INVALID_EMAILS).toBe("Invalid list of emails.");
    expect(await readPairsUpload(new File([], "pairs.csv"), members)).toEqual(invalid);
    expect(await readPairsUpload(csv("\n\n"), members)).toEqual(invalid);
    expect(await readPairsUpload(csv("Reviewee Email,Reviewer Email\n\n"), members)).toEqual(invalid);
    expect(await readPairsUpload(csv("Reviewee Email\nann@acme.test\n"), members)).toEqual(invalid);
    expect(await readPairsUpload(csv("ann@acme.test,bob@acme.test\n"), members)).toEqual(invalid);
    expect(await readPairsUpload(xlsx([]), members)).toEqual(invalid);
  });

  it("checks 5,000 rows", async () => {
    const many = new Map<string, AudienceMember>();
    for (let i = 0; i < 5000; i++) many.set(`p${i}@acme.test`, person(`u${i}`, `P ${i}`));
    const lines = ["Reviewee Email,Reviewer Email"];
    // Every other reviewer is unknown, so half the rows take the slower path of a rejected row.
    for (let i = 0; i < 5000; i++) lines.push(`p${i}@acme.test,${i % 2 ? "q" : "p"}${(i + 1) % 5000}@acme.test`);
    for (const [name, file] of [
      ["csv", csv(lines.join("\n"))],
      ["xlsx", xlsx(lines.map((l) => l.split(",")))],
    ] as const) {
      const started = performance.now();
      const result = await readPairsUpload(file, many);
      console.log(`readPairsUpload: 5,000 ${name} rows in ${(performance.now() - started).toFixed(1)} ms`);
      expect(result.ok && result.verified.length).toBe(2500);
      expect(result.ok && result.unverified.length).toBe(2500);
    }
  });
});

describe("readNomineesUpload", () => {
  it("reads the reviewees, each once by id, and lists the rest with their row", async () => {
    const file = csv("Reviewee Email\nann@acme.test\nAnn@Acme.test\ndan.mixed@acme.test\nzed@acme.test\nbad@\n");
    expect(await readNomineesUpload(file, members)).toEqual({
      ok: true,
      verified: ["ann", "dan"],
      unverified: [
        { row: 5, email: "zed@acme.test", reason: "Reviewee is not in the chosen workspace or group" },
        { row: 6, email: "bad@", reason: "Reviewee e-mail is not valid" },
      ],
    });
  });

  it("reads xlsx with the short header in any case", async () => {
    expect(await readNomineesUpload(xlsx([["REVIEWEE"], ["cat@acme.test"]], "n.xlsx"), members)).toEqual({
      ok: true,
      verified: ["cat"],
      unverified: [],
    });
  });

  it("says which files it cannot use", async () => {
    expect(await readNomineesUpload(new File(["x"], "n.txt"), members)).toEqual({ ok: false, message: REVIEW_UPLOAD_UNSUPPORTED });
    expect(await readNomineesUpload(csv("Email\nann@acme.test\n", "n.csv"), members)).toEqual({ ok: false, message: INVALID_EMAILS });
    expect(await readNomineesUpload(csv("Reviewee Email\n", "n.csv"), members)).toEqual({ ok: false, message: INVALID_EMAILS });
  });

  it("checks 5,000 rows", async () => {
    const many = new Map<string, AudienceMember>();
    for (let i = 0; i < 5000; i++) many.set(`p${i}@acme.test`, person(`u${i}`, `P ${i}`));
    const file = csv(["Reviewee Email", ...Array.from({ length: 5000 }, (_, i) => `p${i}@acme.test`)].join("\n"));
    const started = performance.now();
    const result = await readNomineesUpload(file, many);
    console.log(`readNomineesUpload: 5,000 csv rows in ${(performance.now() - started).toFixed(1)} ms`);
    expect(result.ok && result.verified.length).toBe(5000);
  });
});

describe("sample files", () => {
  it("are served from public/ and read back as valid uploads", async () => {
    const known = membersByEmail([
      { ...ann, id: "jane", email: "jane.doe@example.com" },
      { ...bob, id: "john", email: "john.smith@example.com" },
    ]);
    const load = (path: string) => new File([readFileSync(`public${path}`)], path.split("/").pop()!);
    expect(await readPairsUpload(load(SAMPLE_FILES.pairs), known)).toEqual({
      ok: true,
      verified: [pair("jane", "john"), pair("john", "jane")],
      unverified: [],
    });
    expect(await readNomineesUpload(load(SAMPLE_FILES.nominees), known)).toEqual({ ok: true, verified: ["jane", "john"], unverified: [] });
  });
});
