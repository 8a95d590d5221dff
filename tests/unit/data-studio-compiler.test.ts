import { describe, expect, it } from "vitest";
import { CATALOG } from "~/modules/analytics/data-studio/catalog.server";
import { compileQuery, MAX_PARAMETERS } from "~/modules/analytics/data-studio/compiler";
import { TABLE_DEFINITIONS } from "~/modules/analytics/data-studio/definitions";
import { QUERY_LIMITS, type QueryDocument } from "~/modules/analytics/data-studio/query-types";
import { entitiesStatement, isEntityType } from "~/modules/analytics/data-studio/entities.server";
import { fixtureDb, fixtureViewer, ids, parameters, runSql, sqlText } from "./data-studio-fixtures";

const admin = fixtureViewer("A", "admin");
const scopeOf = (viewer = admin) => ({ companyId: viewer.company.id, viewer });
const compile = (doc: unknown, viewer = admin, limit = 100) => compileQuery(doc, scopeOf(viewer), { limit });
const attr = (name: string, filters?: unknown[]) => ({ type: "attribute", name, ...(filters ? { filters } : {}) });
const edge = (name: string) => ({ type: "edge", name });

function refusal(doc: unknown, viewer = admin): string {
  const result = compile(doc, viewer);
  if (result.ok) throw new Error("expected a refusal");
  return result.message;
}

const db = fixtureDb(["A", "B"], false);
function rows(doc: unknown, viewer = admin): unknown[][] {
  const result = compile(doc, viewer);
  if (!result.ok) throw new Error(result.message);
  return runSql(db, result.statement).map((r) => result.columns.map((_, i) => r[`c${i}`]));
}

describe("Data Studio definitions and catalog", () => {
  it("name the same tables, attributes and edges, and every edge leads to a table", () => {
    expect(Object.keys(CATALOG).sort()).toEqual(TABLE_DEFINITIONS.map((t) => t.name).sort());
    for (const table of TABLE_DEFINITIONS) {
      expect(Object.keys(CATALOG[table.name].attributes).sort(), table.name).toEqual(table.attributes.map((a) => a.name).sort());
      expect(Object.keys(CATALOG[table.name].edges).sort(), table.name).toEqual(table.edges.map((e) => e.name).sort());
      for (const e of table.edges) expect(TABLE_DEFINITIONS.some((t) => t.name === e.table), `${table.name}.${e.name}`).toBe(true);
    }
  });

  it("offer the tables the product names", () => {
    expect(TABLE_DEFINITIONS.map((t) => t.displayName)).toEqual([
      "People",
      "Departments",
      "Roles",
      "Managers",
      "Relationships",
      "Groups",
      "Feedback",
      "Goals",
      "Objectives",
      "Key results",
      "Review campaigns",
      "Review pairs",
      "Review answers",
      "Surveys",
      "Survey runs",
      "Survey answers",
    ]);
  });
});

describe("compileQuery refuses with a message naming what is wrong", () => {
  it("unknown table, attribute and edge", () => {
    expect(refusal({ table: "users; DROP TABLE users", columns: [[attr("name")]] })).toBe('There is no table called "users; DROP TABLE users".');
    expect(refusal({ table: "people", columns: [[attr("password")]] })).toBe('People has no attribute called "password".');
    expect(refusal({ table: "feedback", columns: [[edge("author"), attr("name")]] })).toBe('Feedback has no link called "author".');
    expect(refusal({ table: "feedback", columns: [[edge("receiver"), edge("boss"), attr("name")]] })).toBe('People has no link called "boss".');
    expect(refusal({ table: "__proto__", columns: [[attr("name")]] })).toBe('There is no table called "__proto__".');
    expect(refusal({ table: "people", columns: [[attr("constructor")]] })).toBe('People has no attribute called "constructor".');
  });

  it("a column that ends with a link, or filters a link", () => {
    expect(refusal({ table: "feedback", columns: [[edge("receiver")]] })).toBe('The column "Feedback › Receiver" needs an attribute: pick one with + Attr.');
    expect(refusal({ table: "feedback", columns: [[{ type: "edge", name: "receiver", filters: [{ kind: "in", values: ["x"] }] }, attr("name")]] })).toBe(
      'The column "Feedback › Receiver" is a link; only attributes can be filtered.'
    );
  });

  it("a filter of the wrong kind or with a wrong value", () => {
    expect(refusal({ table: "people", columns: [[attr("name", [{ kind: "range", min: 1 }])]] })).toBe('The filter on "People › Name" does not fit that column.');
    expect(refusal({ table: "feedback", columns: [[attr("sentAt", [{ kind: "contains", value: "2026" }])]] })).toBe(
      'The filter on "Feedback › Sent" does not fit that column.'
    );
    expect(refusal({ table: "feedback", columns: [[attr("sentAt", [{ kind: "range", min: "2026-13-01" }])]] })).toBe(
      'A value of the filter on "Feedback › Sent" is not valid.'
    );
    expect(refusal({ table: "feedback", columns: [[attr("feedbackType", [{ kind: "in", values: ["'; DROP TABLE x"] }])]] })).toBe(
      'A value of the filter on "Feedback › Feedback type" is not valid.'
    );
    expect(refusal({ table: "feedback", columns: [[attr("anonymous", [{ kind: "in", values: ["yes"] }])]] })).toBe(
      'A value of the filter on "Feedback › Anonymous" is not valid.'
    );
  });

  it("limits: columns, joins, filter values, parameters", () => {
    expect(refusal({ table: "people", columns: [] })).toBe("Add at least one column to run the query.");
    expect(refusal({ table: "people", columns: Array.from({ length: 21 }, () => [attr("name")]) })).toBe("A query can have at most 20 columns.");
    expect(refusal({ table: "people", columns: Array.from({ length: 101 }, () => [attr("name")]) })).toBe("A query can have at most 20 columns.");
    // Seven different links: answers → pair → campaign, pair → reviewee → department, → role, answers → reviewer, → campaign.
    const seven = {
      table: "reviewAnswers",
      columns: [
        [edge("pair"), edge("campaign"), attr("title")],
        [edge("pair"), edge("reviewee"), edge("department"), attr("name")],
        [edge("pair"), edge("reviewee"), edge("role"), attr("name")],
        [edge("reviewer"), attr("name")],
        [edge("campaign"), attr("title")],
      ],
    };
    expect(refusal(seven)).toBe("A query can follow at most 6 different links (edges). Remove some columns.");
    const values = Array.from({ length: 501 }, (_, i) => `v${i}`);
    expect(refusal({ table: "people", columns: [[attr("name", [{ kind: "in", values }])]] })).toBe("A query can filter on at most 500 values in all.");
    expect(refusal({ table: "people", columns: [[attr("name", [{ kind: "in", values: values.slice(0, 300) }])], [attr("email", [{ kind: "in", values: values.slice(0, 201) }])]] })).toBe(
      "A query can filter on at most 500 values in all."
    );
  });

  it("documents that are not queries", () => {
    for (const doc of [null, "SELECT 1", 42, {}, { table: "people" }, { table: "people", columns: [[]] }, { table: "people", columns: [[{ type: "join", name: "x" }]] }]) {
      expect(refusal(doc)).toBe("This query could not be read. Clear it and build it again.");
    }
  });
});

describe("compileQuery builds parameterised SQL", () => {
  it("binds every value and names only catalog identifiers", () => {
    const hostile = `x' OR 1=1; DROP TABLE users; --"`;
    const result = compile({ table: "feedback", columns: [[edge("receiver"), attr("name", [{ kind: "contains", value: hostile }, { kind: "in", values: [hostile] }])]] });
    if (!result.ok) throw new Error(result.message);
    const params = parameters(result.statement);
    expect(params).toContain(hostile);
    expect(params).toContain(JSON.stringify([hostile]));
    expect(params.length).toBeLessThanOrEqual(MAX_PARAMETERS);
    expect(result.columns).toEqual([{ key: "receiver.name", label: "Feedback › Receiver › Name", kind: "text" }]);
    expect(rows({ table: "feedback", columns: [[edge("receiver"), attr("name", [{ kind: "contains", value: hostile }])]] })).toEqual([]);
  });

  it("500 filter values are one parameter", () => {
    const values = Array.from({ length: 500 }, (_, i) => `v${i}`);
    const result = compile({ table: "people", columns: [[attr("name", [{ kind: "in", values }])]] });
    if (!result.ok) throw new Error(result.message);
    expect(parameters(result.statement).length).toBeLessThan(10);
  });

  it("shares one join among the columns following the same link and keeps the company", () => {
    const result = compile({ table: "feedback", columns: [[edge("receiver"), attr("name")], [edge("receiver"), edge("department"), attr("name")], [attr("text")]] });
    if (!result.ok) throw new Error(result.message);
    const text = sqlText(result.statement);
    expect(text.match(/LEFT JOIN/g)?.length).toBe(2);
    expect(parameters(result.statement)).toContain("co-a");
  });
});

describe("compiled queries read the asking company's rows as its people may see them", () => {
  const A = ids("A");
  it("follow edges with filters, and name no anonymous author", () => {
    const got = rows({
      table: "feedback",
      columns: [[attr("text")], [edge("receiver"), attr("name")], [edge("sender"), attr("name")], [edge("receiver"), edge("department"), attr("name")]],
    });
    expect(got).toEqual([
      ["Acme well done", "Acme Employee", "Acme Manager", "Acme Sales"],
      ["Acme private note", "Acme Peer", "Acme Employee", "Acme Engineering"],
      ["=cmd|' /C calc'!A0 Acme", "Acme Manager", "Acme Peer", "Acme Engineering"],
      ["Acme anonymous words", "Acme Employee", null, "Acme Sales"],
    ]);
    const bySender = rows({ table: "feedback", columns: [[attr("text")], [edge("sender"), attr("person", [{ kind: "in", values: [A.secret, A.manager] }])]] });
    expect(bySender).toEqual([["Acme well done", "Acme Manager"]]);
  });

  it("an employee sees their own feedback, public praise and the anonymous items about them", () => {
    const employee = fixtureViewer("A", "employee");
    expect(rows({ table: "feedback", columns: [[attr("text")]] }, employee)).toEqual([["Acme well done"], ["Acme private note"], ["=cmd|' /C calc'!A0 Acme"], ["Acme anonymous words"]]);
    const manager = fixtureViewer("A", "manager");
    expect(rows({ table: "feedback", columns: [[attr("text")]] }, manager)).toEqual([["Acme well done"], ["Acme private note"], ["=cmd|' /C calc'!A0 Acme"], ["Acme anonymous words"]]);
  });

  it("review answers: one row per answered question, no reviewer of an anonymous review", () => {
    const got = rows({
      table: "reviewAnswers",
      columns: [[attr("question")], [attr("answer")], [attr("score")], [edge("reviewer"), attr("name")], [edge("pair"), edge("reviewer"), attr("name")], [edge("reviewee"), attr("name")]],
    });
    // In the order of their review's id (co-a-camp-anon before co-a-camp-named), then pair and question.
    expect(got).toEqual([
      ["Acme What went well?", "Acme anonymous answer", null, null, null, "Acme Employee"],
      ["Acme Rate", "2", 2, null, null, "Acme Employee"],
      ["Acme What went well?", "Acme named answer", null, "Acme Manager", "Acme Manager", "Acme Employee"],
      ["Acme Rate", "4", 4, "Acme Manager", "Acme Manager", "Acme Employee"],
    ]);
  });

  it("survey answers of an anonymous run reach no respondent and no department", () => {
    const got = rows({ table: "surveyAnswers", columns: [[attr("question")], [attr("answer")], [edge("respondent"), attr("name")], [edge("department"), attr("name")], [edge("run"), attr("anonymous")]] });
    // By response id (co-a-resp-anon before co-a-resp-named), then as stored.
    expect(got).toEqual([
      ["Acme How are you?", `Acme answer of co-a-resp-anon`, null, null, 1],
      ["Acme Score", null, null, null, 1],
      ["Acme How are you?", `Acme answer of co-a-resp-named`, "Acme Employee", "Acme Sales", 0],
      ["Acme Score", null, "Acme Employee", "Acme Sales", 0],
    ]);
  });

  it("dates are days; booleans and numbers come as stored", () => {
    expect(rows({ table: "goals", columns: [[attr("deadline")], [attr("approved")], [edge("owner"), attr("name")]] })).toEqual([["2026-02-04", 0, "Acme Employee"]]);
    expect(rows({ table: "feedback", columns: [[attr("text")], [attr("sentAt", [{ kind: "range", min: "2026-01-05", max: "2026-01-05" }])]] }).length).toBe(4);
    expect(rows({ table: "feedback", columns: [[attr("text")], [attr("sentAt", [{ kind: "range", min: "2026-01-06" }])]] })).toEqual([]);
  });

  it("another company's viewer reads its own rows only", () => {
    const b = fixtureViewer("B", "admin");
    expect(rows({ table: "people", columns: [[attr("name")]] }, b).every(([name]) => String(name).startsWith("Bolt "))).toBe(true);
    expect(rows({ table: "departments", columns: [[attr("name")]] }, b)).toEqual([["Bolt Engineering"], ["Bolt Sales"]]);
  });

  it("the preview limit and the count", () => {
    const result = compileQuery({ table: "people", columns: [[attr("name")]] }, scopeOf(), { limit: QUERY_LIMITS.previewRows });
    if (!result.ok) throw new Error(result.message);
    expect(runSql(db, result.count)).toEqual([{ n: 6 }]);
    const page = compileQuery({ table: "people", columns: [[attr("name")]] }, scopeOf(), { limit: 2 });
    if (!page.ok) throw new Error(page.message);
    const first = runSql(db, page.statement);
    // People come by name (the company's name index), a page after the last row's key.
    expect(first.map((r) => r.c0)).toEqual(["Acme Admin", "Acme Employee"]);
    expect(page.keyCount).toBe(2);
    const next = compileQuery({ table: "people", columns: [[attr("name")]] }, scopeOf(), { limit: 2, after: [first[1].k0 as string, first[1].k1 as number] });
    if (!next.ok) throw new Error(next.message);
    expect(runSql(db, next.statement).map((r) => r.c0)).toEqual(["Acme Manager", "Acme Peer"]);
  });
});

describe("entities for filter dropdowns", () => {
  it("lists the company's, as the viewer may see them", () => {
    const people = (viewer: ReturnType<typeof fixtureViewer>) => runSql(db, entitiesStatement(viewer, "users")).map((r) => r.name);
    expect(people(admin)).toEqual(["Acme Admin", "Acme Employee", "Acme Manager", "Acme Peer", "Acme Secret", "Acme Teamadmin"]);
    // An employee: themselves, their My Team (manager, peer sharing the manager) and their relationship's members.
    expect(people(fixtureViewer("A", "employee"))).toEqual(["Acme Employee", "Acme Manager", "Acme Peer", "Acme Teamadmin"]);
    expect(runSql(db, entitiesStatement(fixtureViewer("B", "admin"), "departments")).map((r) => r.name)).toEqual(["Bolt Engineering", "Bolt Sales"]);
    expect(isEntityType("users; --")).toBe(false);
  });
});
