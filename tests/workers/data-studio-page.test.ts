import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFINITIONS, tableOf } from "~/modules/analytics/data-studio/data-studio.schema";
import type { QueryDocument, TableDefinition } from "~/modules/analytics/data-studio/query-types";
import { appFetch, sessionFor } from "./helpers";
import { attrs, textOf, texts } from "./shell-html";

// Data Studio (001 §2, §5, §7, §8, §9): every intent of the page's one form, as a browser without
// JavaScript posts it, and the refusals (no title, another person's or company's view, unknown
// names), each of which writes nothing.

const PAGE = "/analytics/my-queries";

let alice: string;
let eve: string;
let gina: string;

const people = () => DEFINITIONS.find((t) => /^people$/i.test(t.displayName))!;
const departments = () => DEFINITIONS.find((t) => /^departments$/i.test(t.displayName))!;
const attr = (table: TableDefinition, displayName: string) => table.attributes.find((a) => a.displayName === displayName)!.name;
/** The link from people to their department. */
const toDepartment = () => people().edges.find((e) => tableOf(DEFINITIONS, e.table)?.name === departments().name)!.name;

const nameColumn = () => [{ type: "attribute" as const, name: attr(people(), "Name") }];
const departmentNameColumn = () => [
  { type: "edge" as const, name: toDepartment() },
  { type: "attribute" as const, name: attr(departments(), "Name") },
];

function post(fields: Array<[string, string]>, cookie: string) {
  return appFetch(PAGE, { method: "POST", body: new URLSearchParams(fields), cookie });
}

function form(doc: QueryDocument, intent: string, more: Array<[string, string]> = []): Array<[string, string]> {
  return [["intent", intent], ["query", JSON.stringify(doc)], ...more];
}

async function queryOf(html: string): Promise<QueryDocument> {
  const [value] = await attrs(html, 'input[name="query"]', "value");
  return JSON.parse(value!.replace(/&lt;/g, "<").replace(/&gt;/g, ">")) as QueryDocument;
}

async function viewCount() {
  return (await env.DB.prepare("SELECT COUNT(*) AS n FROM data_studio_views").first<{ n: number }>())!.n;
}

async function insertView(id: string, userId: string, companyId: string, title: string, view: QueryDocument) {
  await env.DB.prepare("INSERT INTO data_studio_views (id, company_id, user_id, title, view, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
    .bind(id, companyId, userId, title, JSON.stringify(view), Date.now(), Date.now())
    .run();
}

const doc = (columns: QueryDocument["columns"] = []): QueryDocument => ({ table: people().name, columns });

beforeAll(async () => {
  alice = await sessionFor("alice@acme.test");
  eve = await sessionFor("eve@acme.test");
  gina = await sessionFor("gina@globex.test");
  await insertView("v-test-alice", "u-acme-alice", "c-acme", "Alice's people", doc([nameColumn()]));
  await insertView("v-test-adam", "u-acme-adam", "c-acme", "Adam's people", doc([nameColumn()]));
  await insertView("v-test-gina", "u-globex-gina", "c-globex", "Gina's people", doc([nameColumn()]));
});

describe("Data Studio: the page", () => {
  it("shows the builder to a ViewAnalytics holder and sends anyone else home", async () => {
    const res = await appFetch(PAGE, { cookie: alice });
    expect(res.status).toBe(200);
    const html = await res.text();
    const text = textOf(html);
    for (const control of ["Load View", "Save View", "Download", "Clear", "Run", "Add Column +"]) expect(text).toContain(control);
    // The Load View selector lists only the person's own views.
    const offered = await texts(html, "[data-ds-views] option");
    expect(offered).toContain("Alice's people");
    expect(offered).toContain("People by department");
    expect(offered).not.toContain("Adam's people");
    expect(offered).not.toContain("Gina's people");

    const refused = await appFetch(PAGE, { cookie: eve });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/");
    const signedOut = await appFetch(PAGE);
    expect(signedOut.status).toBe(302);
  });

  it("loads the person's own view, and another person's or company's view id is not found", async () => {
    const own = await appFetch(`${PAGE}?view=v-test-alice`, { cookie: alice });
    expect(own.status).toBe(200);
    const html = await own.text();
    expect(await attrs(html, 'input[name="title"]', "value")).toEqual(["Alice's people"]);
    expect((await queryOf(html)).columns).toEqual([nameColumn()]);
    expect((await appFetch(`${PAGE}?view=v-test-adam`, { cookie: alice })).status).toBe(404);
    expect((await appFetch(`${PAGE}?view=v-test-gina`, { cookie: alice })).status).toBe(404);
    expect((await appFetch(`${PAGE}?view=nope`, { cookie: alice })).status).toBe(404);
  });
});

describe("Data Studio: building a query", () => {
  it("adds a column, follows a link with + Attr, and removes both again", async () => {
    let res = await post(form(doc(), `addColumn:attribute:${attr(people(), "Name")}`), alice);
    expect(res.status).toBe(200);
    let query = await queryOf(await res.text());
    expect(query.columns).toEqual([nameColumn()]);

    res = await post(form(query, `addColumn:edge:${toDepartment()}`), alice);
    query = await queryOf(await res.text());
    expect(query.columns).toEqual([nameColumn(), [{ type: "edge", name: toDepartment() }]]);

    // '+ Attr' on the link column replaces the bare link with the picked attribute of Departments.
    res = await post(form(query, `addAttr:1:0:attribute:${attr(departments(), "Name")}`), alice);
    const html = await res.text();
    query = await queryOf(html);
    expect(query.columns).toEqual([nameColumn(), departmentNameColumn()]);
    expect(await attrs(html, "[data-ds-column]", "data-ds-column")).toEqual(["Name", `${people().edges.find((e) => e.name === toDepartment())!.displayName} › Name`]);

    // Removing the link's last attribute keeps the link column (its + Attr stays); delete removes it.
    res = await post(form(query, "removeColumn:1"), alice);
    query = await queryOf(await res.text());
    expect(query.columns).toEqual([nameColumn(), [{ type: "edge", name: toDepartment() }]]);
    res = await post(form(query, "removeEdge:1:0"), alice);
    query = await queryOf(await res.text());
    expect(query.columns).toEqual([nameColumn()]);
  });

  it("applies the filter fields the form shows and counts the picked values on the badge", async () => {
    const base = doc([nameColumn(), departmentNameColumn()]);
    const res = await post(form(base, "applyFilter:0", [["f0", "1"], ["f0-contains", "  a "], ["f1", "1"], ["f1-contains", ""]]), alice);
    expect(res.status).toBe(200);
    const html = await res.text();
    const query = await queryOf(html);
    expect(query.columns[0]).toEqual([{ ...nameColumn()[0], filters: [{ kind: "contains", value: "a" }] }]);
    expect(query.columns[1]).toEqual(departmentNameColumn());
    expect(await texts(html, "[data-ds-badge] [aria-hidden]")).toEqual(["1"]);

    const cleared = await post(form(query, "clearFilter:0"), alice);
    expect((await queryOf(await cleared.text())).columns[0]).toEqual(nameColumn());
  });

  it("refuses an unknown attribute, link or table with a message and keeps the query", async () => {
    const base = doc([nameColumn()]);
    for (const [intent, message] of [
      ["addColumn:attribute:salary", 'People has no attribute called "salary".'],
      ["addColumn:edge:boss", 'People has no link called "boss".'],
    ] as const) {
      const res = await post(form(base, intent), alice);
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(await texts(html, "[data-ds-error]")).toEqual([message]);
      expect(await queryOf(html)).toEqual(base);
    }
    const table = await post(form(base, "setTable", [["table", "salaries"]]), alice);
    expect(table.status).toBe(400);
    expect(textOf(await table.text())).toContain('There is no table called "salaries".');
  });

  it("answers a missing or unknown intent with 400", async () => {
    expect((await post([["query", JSON.stringify(doc())]], alice)).status).toBe(400);
    expect((await post(form(doc(), "dropTable"), alice)).status).toBe(400);
  });
});

describe("Data Studio: Run", () => {
  it("previews the first 10 rows of the query, filtered, as the database holds them", async () => {
    const query = doc([[{ ...nameColumn()[0], filters: [{ kind: "contains", value: "a" }] }]]);
    const res = await post(form(query, "run"), alice);
    expect(res.status).toBe(200);
    const html = await res.text();
    const expected = await env.DB.prepare(
      "SELECT name FROM users WHERE company_id = 'c-acme' AND is_deleted = 0 AND instr(lower(name), 'a') > 0"
    ).all<{ name: string }>();
    const names = await texts(html, "[data-ds-preview] tbody td");
    expect(names).toHaveLength(Math.min(10, expected.results.length));
    expect(expected.results.length).toBeGreaterThan(10);
    for (const name of names) expect(expected.results.map((r) => r.name)).toContain(name);
    expect((await attrs(html, "[data-ds-preview]", "data-row-count"))[0]).toBe(String(expected.results.length));
  });

  it("a query that cannot run says why and empties the results", async () => {
    const res = await post(form(doc([[{ type: "edge", name: toDepartment() }]]), "run"), alice);
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(await texts(html, "[data-ds-error]")).toEqual(['The column "People › Department" needs an attribute: pick one with + Attr.']);
    expect(await texts(html, "[data-ds-preview]")).toEqual([]);
  });
});

describe("Data Studio: Save View", () => {
  it("needs a title (001 §5) and writes nothing without one", async () => {
    const before = await viewCount();
    const res = await post(form(doc([nameColumn()]), "save", [["title", "   "]]), alice);
    expect(res.status).toBe(400);
    expect(textOf(await res.text())).toContain("Title is required");
    expect(await viewCount()).toBe(before);
  });

  it("saves a new view for its author and updates it by its id", async () => {
    const query = doc([nameColumn(), departmentNameColumn()]);
    const res = await post(form(query, "save", [["title", " People by department "]]), alice);
    expect(res.status).toBe(200);
    const html = await res.text();
    const [id] = await attrs(html, 'input[name="viewId"]', "value");
    const row = await env.DB.prepare("SELECT * FROM data_studio_views WHERE id = ?").bind(id).first<Record<string, string>>();
    expect(row).toMatchObject({ company_id: "c-acme", user_id: "u-acme-alice", title: "People by department" });
    expect(JSON.parse(row!.view!)).toEqual(query);
    expect(await texts(html, "[data-ds-views] option")).toContain("People by department");

    const update = await post(form(doc([nameColumn()]), "save", [["title", "Just names"], ["viewId", id!]]), alice);
    expect(update.status).toBe(200);
    const updated = await env.DB.prepare("SELECT title, view FROM data_studio_views WHERE id = ?").bind(id).first<Record<string, string>>();
    expect(updated!.title).toBe("Just names");
    expect(JSON.parse(updated!.view!).columns).toEqual([nameColumn()]);
  });

  it("refuses another person's or another company's view id and writes nothing", async () => {
    const before = await env.DB.prepare("SELECT id, title, view, updated_at FROM data_studio_views ORDER BY id").all();
    for (const viewId of ["v-test-adam", "v-test-gina"]) {
      const res = await post(form(doc([nameColumn()]), "save", [["title", "Taken over"], ["viewId", viewId]]), alice);
      expect(res.status).toBe(404);
      expect(textOf(await res.text())).toContain("That view was not found.");
    }
    const globex = await post(form(doc([nameColumn()]), "save", [["title", "Taken over"], ["viewId", "v-test-alice"]]), gina);
    expect(globex.status).toBe(404);
    expect((await env.DB.prepare("SELECT id, title, view, updated_at FROM data_studio_views ORDER BY id").all()).results).toEqual(before.results);
  });

  it("refuses a query naming an unknown attribute and writes nothing", async () => {
    const before = await viewCount();
    const res = await post(form(doc([[{ type: "attribute", name: "salary" }]]), "save", [["title", "Salaries"]]), alice);
    expect(res.status).toBe(400);
    expect(textOf(await res.text())).toContain('People has no attribute called "salary".');
    expect(await viewCount()).toBe(before);
  });
});

describe("Data Studio: Download and Clear", () => {
  it("queues the whole result as an XLSX report for its requester", async () => {
    const query = doc([nameColumn(), departmentNameColumn()]);
    const res = await post(form(query, "download", [["title", "Names and departments"]]), alice);
    expect(res.status).toBe(200);
    expect(await texts(await res.text(), "[data-ds-notice]")).toEqual(["Report will be emailed once completed"]);
    const report = await env.DB.prepare("SELECT * FROM generated_reports WHERE company_id = 'c-acme' AND requested_by = 'u-acme-alice' AND kind = 'data-studio-xlsx' ORDER BY created_at DESC")
      .first<Record<string, string>>();
    expect(report).toMatchObject({ title: "Names and departments", state: "queued" });
    expect(JSON.parse(report!.scope!).query).toEqual(query);
  });

  it("Clear empties the query and leaves the view", async () => {
    const res = await post(form(doc([nameColumn()]), "clear", [["title", "Alice's people"], ["viewId", "v-test-alice"]]), alice);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect((await queryOf(html)).columns).toEqual([]);
    expect(await attrs(html, 'input[name="viewId"]', "value")).toEqual([""]);
  });
});

describe("Data Studio: the read calls (001 §7)", () => {
  it("list-entities, list-views and get-definitions answer the asker's company and own views only", async () => {
    const entities = await appFetch(`${PAGE}.data`, { method: "POST", body: new URLSearchParams({ intent: "listEntities", type: "departments" }), cookie: gina });
    expect(entities.status).toBe(200);
    const globexDepartments = await env.DB.prepare("SELECT name FROM departments WHERE company_id = 'c-globex'").all<{ name: string }>();
    const acmeOnly = await env.DB.prepare("SELECT name FROM departments WHERE company_id = 'c-acme' AND name NOT IN (SELECT name FROM departments WHERE company_id = 'c-globex')").all<{ name: string }>();
    const payload = await entities.text();
    for (const d of globexDepartments.results) expect(payload).toContain(d.name);
    for (const d of acmeOnly.results) expect(payload).not.toContain(d.name);

    const views = await (await appFetch(`${PAGE}.data`, { method: "POST", body: new URLSearchParams({ intent: "listViews" }), cookie: gina })).text();
    expect(views).toContain("Gina's people");
    expect(views).not.toContain("Alice's people");

    const definitions = await (await appFetch(`${PAGE}.data`, { method: "POST", body: new URLSearchParams({ intent: "getDefinitions" }), cookie: gina })).text();
    expect(definitions).toContain("tableDefinitions");
    expect(definitions).toContain(people().displayName);
  });
});
