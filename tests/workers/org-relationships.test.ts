import * as XLSX from "@e965/xlsx";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { appFetch, postForm, sessionFor } from "./helpers";
import { attrs, textOf } from "./shell-html";

const PAGE = "/organization/settings/relationships";
const UNSUPPORTED = "Supported file formats are .xlsx and .csv";

const db = () => env.DB;
const members = async (relationshipId: string) =>
  (
    await db()
      .prepare("SELECT u.email AS email, m.origin AS origin FROM custom_relationship_members m JOIN users u ON u.id = m.user_id WHERE m.relationship_id = ? ORDER BY u.email")
      .bind(relationshipId)
      .all<{ email: string; origin: string }>()
  ).results;
const audits = async (action: string) =>
  (await db().prepare("SELECT company_id, actor_id, entity_id, data FROM audit_events WHERE action = ?").bind(action).all<{ company_id: string; actor_id: string; entity_id: string; data: string }>()).results;
const countRows = async (table: string) => (await db().prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

async function newRelationship(cookie: string, name: string): Promise<string> {
  const res = await postForm(PAGE, { intent: "create", name }, cookie);
  expect(res.status).toBe(302);
  const id = new URL(res.headers.get("Location")!, "http://x").searchParams.get("open");
  expect(id).toBeTruthy();
  return id!;
}

function upload(cookie: string, relationshipId: string, file: File) {
  const body = new FormData();
  body.set("intent", "upload");
  body.set("relationshipId", relationshipId);
  body.set("file", file);
  return appFetch(`${PAGE}?open=${encodeURIComponent(relationshipId)}`, { method: "POST", body, cookie });
}

function workbook(rows: string[][], bookType: "xlsx" | "xls"): Uint8Array<ArrayBuffer> {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), "People");
  return new Uint8Array(XLSX.write(wb, { type: "array", bookType }) as ArrayBuffer);
}

const UPLOAD_ROWS = [
  ["Name", "EMAIL"],
  ["Noah", "noah@acme.test"],
  ["Nobody", "nobody@acme.test"],
  ["", ""],
  ["Gina", "gina@globex.test"],
  ["Noah again", "NOAH@acme.test"],
  ["Kenji", " kenji@acme.test "],
];

async function expectUploadOutcome(res: Response, relationshipId: string) {
  expect(res.status).toBe(200);
  const html = await res.text();
  const text = textOf(html);
  expect(text).toContain("2 people attached; 4 rows rejected.");
  expect(await attrs(html, "[data-testid=rejected-rows] tr[data-row]", "data-row")).toEqual(["3", "4", "5", "6"]);
  expect(text).toContain("3 nobody@acme.test No active person with this e-mail");
  expect(text).toContain("4 Empty row");
  expect(text).toContain("5 gina@globex.test No active person with this e-mail");
  expect(text).toContain("6 NOAH@acme.test Duplicate of row 2");
  expect(await members(relationshipId)).toEqual([
    { email: "kenji@acme.test", origin: "upload" },
    { email: "noah@acme.test", origin: "upload" },
  ]);
}

describe("custom relationships page", () => {
  it("lists the company's relationships with member counts, never another company's", async () => {
    const alice = await sessionFor("alice@acme.test");
    const res = await appFetch(PAGE, { cookie: alice });
    expect(res.status).toBe(200);
    const html = await res.text();
    const text = textOf(html);
    expect(text).toContain("Project Phoenix 5");
    expect(text).toContain("Mentoring Circle");
    expect(text).not.toContain("Onboarding Buddies");
  });

  it("refuses an unknown or missing intent with 400 and writes nothing", async () => {
    const alice = await sessionFor("alice@acme.test");
    const before = await countRows("custom_relationships");
    for (const fields of [{ intent: "bogus", name: "Forged" }, { name: "Forged" }] as Array<Record<string, string>>) {
      expect((await postForm(PAGE, fields, alice)).status).toBe(400);
    }
    expect(await countRows("custom_relationships")).toBe(before);
  });

  it("sends people without ViewRelationships home (page, action and report)", async () => {
    for (const email of ["adam@acme.test", "sam@acme.test"]) {
      const cookie = await sessionFor(email);
      const page = await appFetch(PAGE, { cookie });
      expect(page.status).toBe(302);
      expect(page.headers.get("Location")).toBe("/");
      const post = await postForm(PAGE, { intent: "create", name: "Sneaky" }, cookie);
      expect(post.status).toBe(302);
      expect(post.headers.get("Location")).toBe("/");
      const report = await appFetch(`${PAGE}/rel-acme-phoenix/report`, { cookie });
      expect(report.status).toBe(302);
      expect(report.headers.get("Location")).toBe("/");
    }
    expect(await db().prepare("SELECT count(*) AS n FROM custom_relationships WHERE name = 'Sneaky'").first("n")).toBe(0);
  });

  it("shows a relationship's members with origin, and 404s another company's id", async () => {
    const alice = await sessionFor("alice@acme.test");
    const res = await appFetch(`${PAGE}?open=rel-acme-phoenix`, { cookie: alice });
    const text = textOf(await res.text());
    expect(text).toContain("Members (5)");
    expect(text).toContain("eve@acme.test Manual");
    const other = await appFetch(`${PAGE}?open=rel-globex-buddies`, { cookie: alice });
    expect(other.status).toBe(404);
  });

  it("creates (trimmed, required, unique), renames and removes with audit rows", async () => {
    const alice = await sessionFor("alice@acme.test");
    const aliceId = "u-acme-alice";
    const before = await countRows("custom_relationships");

    const blank = await postForm(PAGE, { intent: "create", name: "   " }, alice);
    expect(blank.status).toBe(400);
    expect(textOf(await blank.text())).toContain("This is a required field.");
    const dup = await postForm(PAGE, { intent: "create", name: " project phoenix " }, alice);
    expect(dup.status).toBe(400);
    expect(textOf(await dup.text())).toContain("A relationship with this name already exists.");
    expect(await countRows("custom_relationships")).toBe(before);
    expect(await audits("relationship.created")).toEqual([]);

    const id = await newRelationship(alice, "  Guild  ");
    const row = await db().prepare("SELECT company_id, name FROM custom_relationships WHERE id = ?").bind(id).first();
    expect(row).toEqual({ company_id: "c-acme", name: "Guild" });
    expect(await audits("relationship.created")).toEqual([{ company_id: "c-acme", actor_id: aliceId, entity_id: id, data: JSON.stringify({ name: "Guild" }) }]);

    const clash = await postForm(PAGE, { intent: "rename", relationshipId: id, name: "Mentoring Circle" }, alice);
    expect(clash.status).toBe(400);
    const renamed = await postForm(PAGE, { intent: "rename", relationshipId: id, name: "Guild of Makers" }, alice);
    expect(renamed.status).toBe(302);
    expect(await db().prepare("SELECT name FROM custom_relationships WHERE id = ?").bind(id).first("name")).toBe("Guild of Makers");
    expect((await audits("relationship.renamed")).length).toBe(1);

    await postForm(PAGE, { intent: "attach", relationshipId: id, userId: "u-acme-eve" }, alice);
    expect(await members(id)).toEqual([{ email: "eve@acme.test", origin: "manual" }]);
    const removed = await postForm(PAGE, { intent: "remove", relationshipId: id }, alice);
    expect(removed.status).toBe(302);
    expect(await db().prepare("SELECT count(*) AS n FROM custom_relationships WHERE id = ?").bind(id).first("n")).toBe(0);
    expect(await members(id)).toEqual([]);
    expect((await audits("relationship.removed")).map((a) => a.entity_id)).toEqual([id]);
  });

  it("searches people to attach, attaches and detaches by hand", async () => {
    const alice = await sessionFor("alice@acme.test");
    const id = await newRelationship(alice, "Search test");
    const search = await appFetch(`${PAGE}?open=${id}&q=ol`, { cookie: alice });
    const ids = await attrs(await search.text(), "[data-candidate-id]", "data-candidate-id");
    expect(ids).toContain("u-acme-olivia");
    expect(ids.every((x) => x.startsWith("u-acme-"))).toBe(true);
    const globexSearch = await appFetch(`${PAGE}?open=${id}&q=gina`, { cookie: alice });
    expect(await attrs(await globexSearch.text(), "[data-candidate-id]", "data-candidate-id")).toEqual([]);

    expect((await postForm(PAGE, { intent: "attach", relationshipId: id, userId: "u-acme-olivia" }, alice)).status).toBe(302);
    expect(await members(id)).toEqual([{ email: "olivia@acme.test", origin: "manual" }]);
    const after = await appFetch(`${PAGE}?open=${id}&q=olivia`, { cookie: alice });
    expect(await attrs(await after.text(), "[data-candidate-id]", "data-candidate-id")).toEqual([]);

    // Another company's person or relationship: 404, nothing written.
    expect((await postForm(PAGE, { intent: "attach", relationshipId: id, userId: "u-globex-gina" }, alice)).status).toBe(404);
    expect((await postForm(PAGE, { intent: "attach", relationshipId: "rel-globex-buddies", userId: "u-acme-eve" }, alice)).status).toBe(404);
    expect((await postForm(PAGE, { intent: "detach", relationshipId: "rel-globex-buddies", userId: "u-globex-tina" }, alice)).status).toBe(404);
    expect((await postForm(PAGE, { intent: "rename", relationshipId: "rel-globex-buddies", name: "Hijacked" }, alice)).status).toBe(404);
    expect((await postForm(PAGE, { intent: "remove", relationshipId: "rel-globex-buddies" }, alice)).status).toBe(404);
    expect(await db().prepare("SELECT name FROM custom_relationships WHERE id = 'rel-globex-buddies'").first("name")).toBe("Onboarding Buddies");
    expect(await members(id)).toEqual([{ email: "olivia@acme.test", origin: "manual" }]);

    expect((await postForm(PAGE, { intent: "detach", relationshipId: id, userId: "u-acme-olivia" }, alice)).status).toBe(302);
    expect(await members(id)).toEqual([]);
    expect((await audits("relationship.member.attached")).length).toBeGreaterThanOrEqual(1);
    expect((await audits("relationship.member.detached")).length).toBe(1);
  });
});

describe("uploading attachments", () => {
  it("csv: attaches valid rows with origin upload and lists rejected rows", async () => {
    const alice = await sessionFor("alice@acme.test");
    const id = await newRelationship(alice, "CSV upload");
    const csv = UPLOAD_ROWS.map((r) => r.join(",")).join("\r\n");
    await expectUploadOutcome(await upload(alice, id, new File([csv], "people.csv", { type: "text/csv" })), id);
    const [audit] = (await audits("relationship.members.uploaded")).filter((a) => a.entity_id === id);
    expect(JSON.parse(audit.data)).toEqual({ accepted: 2, rejected: 4 });
  });

  it("xlsx and xls: the same outcome", async () => {
    const alice = await sessionFor("alice@acme.test");
    for (const kind of ["xlsx", "xls"] as const) {
      const id = await newRelationship(alice, `Upload ${kind}`);
      await expectUploadOutcome(await upload(alice, id, new File([workbook(UPLOAD_ROWS, kind)], `people.${kind}`)), id);
    }
  });

  it("a headerless single-column file is read from row 1; all-valid redirects with a toast", async () => {
    const alice = await sessionFor("alice@acme.test");
    const id = await newRelationship(alice, "Headerless");
    const res = await upload(alice, id, new File(["zara@acme.test\ntariq@acme.test\n"], "list.csv"));
    expect(res.status).toBe(302);
    expect(await members(id)).toEqual([
      { email: "tariq@acme.test", origin: "upload" },
      { email: "zara@acme.test", origin: "upload" },
    ]);
  });

  it("refuses other file types, binary content, oversize files and a missing file, writing nothing", async () => {
    const alice = await sessionFor("alice@acme.test");
    const id = await newRelationship(alice, "Refusals");
    const auditsBefore = await countRows("audit_events");
    const cases: Array<[File, string]> = [
      [new File(["%PDF-1.4 fake"], "people.pdf", { type: "application/pdf" }), UNSUPPORTED],
      [new File([new Uint8Array([0x00, 0xff, 0x10, 0x00, 0x89, 0x50, 0x4e, 0x47])], "renamed.csv"), UNSUPPORTED],
      [new File([workbook([["email"], ["eve@acme.test"]], "xlsx")], "workbook.csv"), UNSUPPORTED],
      [new File(["email\n" + "someone.long.address@acme.test\n".repeat(75_000)], "huge.csv"), "The file is too large (at most 2 MB)."],
      [new File(["name,department\nEve,Product\n"], "no-email.csv"), 'The file needs an "email" column.'],
      [new File(["Email\n"], "header-only.csv"), "The file has no rows."],
    ];
    for (const [file, message] of cases) {
      const res = await upload(alice, id, file);
      expect(res.status, file.name).toBeGreaterThanOrEqual(400);
      expect(textOf(await res.text()), file.name).toContain(message);
    }
    const missing = await postForm(`${PAGE}?open=${id}`, { intent: "upload", relationshipId: id }, alice);
    expect(missing.status).toBe(400);
    expect(textOf(await missing.text())).toContain("This is a required field.");
    expect(await members(id)).toEqual([]);
    expect(await countRows("audit_events")).toBe(auditsBefore);
    // Another company's relationship: 404 before the file is read.
    const foreign = await upload(alice, "rel-globex-buddies", new File(["email\ngina@globex.test\n"], "x.csv"));
    expect(foreign.status).toBe(404);
  });

  it("attaches 5,000 rows well within 10 s", async () => {
    const alice = await sessionFor("alice@acme.test");
    const id = await newRelationship(alice, "Big upload");
    const emails = Array.from({ length: 5000 }, (_, i) => `bulk${i}@acme.test`);
    const insert = db().prepare("INSERT INTO users (id, company_id, name, email) SELECT 'u-bulk-' || j.key, 'c-acme', 'Bulk ' || j.key, j.value FROM json_each(?) j");
    await insert.bind(JSON.stringify(emails)).run();
    const started = Date.now();
    const res = await upload(alice, id, new File([["email", ...emails].join("\n")], "bulk.csv"));
    const elapsed = Date.now() - started;
    expect(res.status).toBe(302);
    expect(elapsed).toBeLessThan(10_000);
    expect(await db().prepare("SELECT count(*) AS n FROM custom_relationship_members WHERE relationship_id = ? AND origin = 'upload'").bind(id).first("n")).toBe(5000);
    // The members list pages.
    const page2 = await appFetch(`${PAGE}?open=${id}&page=2`, { cookie: alice });
    const html = await page2.text();
    expect(textOf(html)).toContain("Page 2 of 100");
    expect((await attrs(html, "[data-member-id]", "data-member-id")).length).toBe(50);
  });
});

describe("members report", () => {
  it("is a real xlsx whose rows parse back, with formula-like names escaped", async () => {
    const alice = await sessionFor("alice@acme.test");
    const id = await newRelationship(alice, "Report test");
    await db().prepare("UPDATE users SET name = ? WHERE id = 'u-acme-eve'").bind('=HYPERLINK("http://evil.test","x")').run();
    await postForm(PAGE, { intent: "attach", relationshipId: id, userId: "u-acme-eve" }, alice);
    await postForm(PAGE, { intent: "attach", relationshipId: id, userId: "u-acme-priya" }, alice);
    const res = await appFetch(`${PAGE}/${id}/report`, { cookie: alice });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("Content-Disposition")).toContain('attachment; filename="Report test members.xlsx"');
    const wb = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array", cellFormula: true });
    const sheet = wb.Sheets[wb.SheetNames[0]];
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, defval: "" });
    expect(rows[0]).toEqual(["Name", "E-mail", "Title", "Department", "Origin", "Attached at"]);
    const body = rows.slice(1).sort((a, b) => a[1].localeCompare(b[1]));
    expect(body.map((r) => r.slice(0, 5))).toEqual([
      ['\'=HYPERLINK("http://evil.test","x")', "eve@acme.test", "Product Manager", "Product", "manual"],
      ["Priya Khan", "priya@acme.test", "Senior Engineer", "Engineering", "manual"],
    ]);
    expect(body.every((r) => !Number.isNaN(Date.parse(r[5])))).toBe(true);
    expect(Object.values(sheet).some((cell) => typeof cell === "object" && cell && "f" in cell)).toBe(false);
  });

  it("404s another company's relationship", async () => {
    const alice = await sessionFor("alice@acme.test");
    expect((await appFetch(`${PAGE}/rel-globex-buddies/report`, { cookie: alice })).status).toBe(404);
  });
});
