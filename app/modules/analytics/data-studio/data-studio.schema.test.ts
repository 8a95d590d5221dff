import { describe, expect, it } from "vitest";
import { DEMO_VIEWS } from "~/db/seed/data-studio";
import { badgeText, columnTree, pickedCount } from "./components/column-tree";
import { DEFINITIONS, dataStudioSchema, documentProblem } from "./data-studio.schema";
import { QUERY_LIMITS, type QueryDocument } from "./query-types";

const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) data.append(k, one);
  return Object.fromEntries([...data.keys()].map((k) => [k, data.getAll(k).length > 1 ? data.getAll(k) : data.get(k)]));
};
const people = DEFINITIONS.find((t) => t.name === "people")!;
const doc = (columns: QueryDocument["columns"]): QueryDocument => ({ table: people.name, columns });

describe("Data Studio intents", () => {
  it("reads a button's column and step from its value", () => {
    const parsed = dataStudioSchema.parse(form({ intent: "addAttr:2:1:attribute:name", query: JSON.stringify(doc([])) }));
    expect(parsed).toMatchObject({ intent: "addAttr", column: 2, depth: 1, stepType: "attribute", stepName: "name" });
    expect(dataStudioSchema.parse(form({ intent: "removeEdge:3:0", query: JSON.stringify(doc([])) }))).toMatchObject({ intent: "removeEdge", column: 3, depth: 0 });
  });

  it("gathers each shown column's filter fields under its marker, and ignores fields with no marker", () => {
    const parsed = dataStudioSchema.parse(form({ intent: "run", query: JSON.stringify(doc([])), f0: "1", "f0-values": ["a", "b", ""], "f1-contains": "x", f2: "1", "f2-min": "3" }));
    expect(parsed.intent === "run" && parsed.filterFields).toEqual({
      "0": { values: ["a", "b"], contains: "", min: "", max: "" },
      "2": { values: [], contains: "", min: "3", max: "" },
    });
  });

  it("Save View needs a title (001 §5)", () => {
    const result = dataStudioSchema.safeParse(form({ intent: "save", query: JSON.stringify(doc([])), title: "  " }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Title is required");
  });

  it("refuses a query that is not JSON of a query document", () => {
    expect(dataStudioSchema.safeParse(form({ intent: "run", query: "{nope" })).success).toBe(false);
    expect(dataStudioSchema.safeParse(form({ intent: "run", query: JSON.stringify({ table: 1 }) })).success).toBe(false);
  });
});

describe("Data Studio documents against the definitions", () => {
  const name = [{ type: "attribute" as const, name: people.attributes.find((a) => a.kind === "text")!.name }];
  it("names the unknown table, attribute or link", () => {
    expect(documentProblem({ table: "salaries", columns: [] }, DEFINITIONS)).toBe('There is no table called "salaries".');
    expect(documentProblem(doc([[{ type: "attribute", name: "salary" }]]), DEFINITIONS)).toBe('People has no attribute called "salary".');
    expect(documentProblem(doc([[{ type: "edge", name: "boss" }, ...name]]), DEFINITIONS)).toBe('People has no link called "boss".');
  });

  it("refuses a filter of the wrong kind and too many columns, and lets a link wait for its attribute", () => {
    const text = people.attributes.find((a) => a.kind === "text")!;
    expect(documentProblem(doc([[{ type: "attribute", name: text.name, filters: [{ kind: "range", min: 1 }] }]]), DEFINITIONS)).toBe(
      `The filter on "People › ${text.displayName}" does not fit that column.`
    );
    expect(documentProblem(doc(Array.from({ length: QUERY_LIMITS.maxColumns + 1 }, () => name)), DEFINITIONS)).toBe("A query can have at most 20 columns.");
    const edge = people.edges[0]!;
    expect(documentProblem(doc([[{ type: "edge", name: edge.name }]]), DEFINITIONS)).toBeNull();
  });

  it("the demo views are queries the definitions know", () => {
    for (const v of DEMO_VIEWS) {
      expect(documentProblem(v.view, DEFINITIONS), v.title).toBeNull();
      expect(v.view.columns.every((path) => path[path.length - 1]!.type === "attribute"), v.title).toBe(true);
    }
  });
});

describe("Data Studio columns", () => {
  it("groups the columns that follow one link under it, and counts picked filter values with the 99+ cap", () => {
    const edge = people.edges[0]!;
    const target = DEFINITIONS.find((t) => t.name === edge.table)!;
    const tree = columnTree(
      doc([
        [{ type: "attribute", name: people.attributes[0]!.name, filters: [{ kind: "contains", value: "a" }] }],
        [{ type: "edge", name: edge.name }, { type: "attribute", name: target.attributes[0]!.name }],
      ]),
      DEFINITIONS
    );
    expect(tree.map((n) => n.kind)).toEqual(["attribute", "edge"]);
    expect(tree[1]!.kind === "edge" && tree[1]!.children.map((c) => c.kind === "attribute" && c.column)).toEqual([1]);
    expect(pickedCount([{ kind: "in", values: Array.from({ length: 120 }, (_, i) => String(i)) }])).toBe(120);
    expect(pickedCount([{ kind: "range", min: 1 }])).toBe(1);
    expect(badgeText(99)).toBe("99");
    expect(badgeText(100)).toBe("99+");
  });
});
