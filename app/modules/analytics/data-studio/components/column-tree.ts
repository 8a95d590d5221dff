import { filterKindOf, tableOf, walkPath, type Definitions } from "../data-studio.schema";
import type { AttributeDefinition, ColumnPath, EdgeDefinition, QueryDocument, QueryFilter, TableDefinition } from "../query-types";

/**
 * The query's columns as the page draws them: paths that follow the same link sit under one link
 * column (001 §3 columns: child, subColumns), whose '+ Attr' adds an attribute of the table it
 * leads to. Every node keeps a column index of the document, which is what its buttons post.
 */
export type ColumnNode =
  | { kind: "attribute"; column: number; attribute: AttributeDefinition; label: string; filters: QueryFilter[] }
  | { kind: "edge"; column: number; depth: number; edge: EdgeDefinition; target: TableDefinition; children: ColumnNode[] };

export function columnTree(doc: QueryDocument, definitions: Definitions): ColumnNode[] {
  const build = (items: Array<{ path: ColumnPath; index: number }>, depth: number, table: TableDefinition): ColumnNode[] => {
    const nodes: ColumnNode[] = [];
    const groups = new Map<string, { node: Extract<ColumnNode, { kind: "edge" }>; items: Array<{ path: ColumnPath; index: number }> }>();
    for (const item of items) {
      const step = item.path[depth];
      if (!step) continue;
      if (step.type === "attribute") {
        const attribute = table.attributes.find((a) => a.name === step.name);
        if (!attribute) continue;
        const label = walkPath(definitions, doc.table, item.path)?.label ?? attribute.displayName;
        nodes.push({ kind: "attribute", column: item.index, attribute, label, filters: step.filters ?? [] });
        continue;
      }
      let group = groups.get(step.name);
      if (!group) {
        const edge = table.edges.find((e) => e.name === step.name);
        const target = edge ? tableOf(definitions, edge.table) : undefined;
        if (!edge || !target) continue;
        group = { node: { kind: "edge", column: item.index, depth, edge, target, children: [] }, items: [] };
        groups.set(step.name, group);
        nodes.push(group.node);
      }
      group.items.push(item);
    }
    for (const { node, items: inner } of groups.values()) node.children = build(inner, depth + 1, node.target);
    return nodes;
  };
  const root = tableOf(definitions, doc.table);
  return root ? build(doc.columns.map((path, index) => ({ path, index })), 0, root) : [];
}

/** How many values a column's filter picks (the badge): the values of a list, one for contains, one per range end. */
export function pickedCount(filters: readonly QueryFilter[]): number {
  return filters.reduce((n, f) => n + (f.kind === "in" ? f.values.length : f.kind === "contains" ? 1 : (f.min !== undefined ? 1 : 0) + (f.max !== undefined ? 1 : 0)), 0);
}

/** The filter dropdown's badge text (001 §9: capped at 99+). */
export function badgeText(count: number): string {
  return count > 99 ? "99+" : String(count);
}

export { filterKindOf };
