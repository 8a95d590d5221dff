import { sharedCopy } from "~/lib/copy";
import { buttonClass } from "~/ui/button";
import { addAttrIntent, addColumnIntent, columnIntent, edgeIntent } from "../data-studio.schema";
import type { DataStudioState } from "../page.server";
import type { AttributeDefinition, QueryFilter, TableDefinition } from "../query-types";
import { badgeText, filterKindOf, pickedCount, type ColumnNode } from "./column-tree";
import { DropPanel } from "./drop-panel";

/**
 * The query's columns (001 §2): each attribute with its filter dropdown and remove button, each
 * link column with '+ Attr' and delete, and Add Column + for the starting table. Every control is
 * a submit button of the page's form whose value is its intent.
 */

const T = sharedCopy.dataStudio;
const PANEL = "absolute left-0 z-30 mt-1 overflow-auto rounded-md bg-white p-3 text-sm shadow-lg ring-1 ring-slate-900/10";
/** 001 §9: the filter dropdown is 300 by 300 px. */
const FILTER_PANEL = `${PANEL} h-[300px] w-[300px]`;
const PICKER_PANEL = `${PANEL} max-h-80 w-64`;
const ICON_BUTTON = "rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-indigo-600";

interface Shared {
  hydrated: boolean;
  entities: DataStudioState["entities"];
}

/** The attributes and links of a table as buttons posting `intent(type, name)`. */
function StepPicker({ table, intent, close }: { table: TableDefinition; intent: (type: "attribute" | "edge", name: string) => string; close: () => void }) {
  const item = "block w-full rounded px-2 py-1 text-left text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600";
  return (
    <>
      <p className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{T.attributes}</p>
      <ul>
        {table.attributes.map((a) => (
          <li key={a.name}>
            <button type="submit" name="intent" value={intent("attribute", a.name)} className={item} onClick={close}>
              {a.displayName}
            </button>
          </li>
        ))}
      </ul>
      {table.edges.length > 0 ? (
        <>
          <p className="mt-2 px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{T.edges}</p>
          <ul>
            {table.edges.map((e) => (
              <li key={e.name}>
                <button type="submit" name="intent" value={intent("edge", e.name)} className={item} onClick={close}>
                  {e.displayName} →
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

export function AddColumnPicker({ table, hydrated }: { table: TableDefinition; hydrated: boolean }) {
  return (
    <DropPanel hydrated={hydrated} button={T.addColumn} buttonClassName={buttonClass("secondary")} panelClassName={PICKER_PANEL} panelLabel={T.addColumn} data-ds-add-column>
      {(close) => <StepPicker table={table} intent={addColumnIntent} close={close} />}
    </DropPanel>
  );
}

function valuesOf(filters: readonly QueryFilter[]) {
  const picked = new Set<string>();
  let contains = "";
  let min = "";
  let max = "";
  for (const f of filters) {
    if (f.kind === "in") f.values.forEach((v) => picked.add(String(v)));
    if (f.kind === "contains") contains = f.value;
    if (f.kind === "range") [min, max] = [f.min === undefined ? "" : String(f.min), f.max === undefined ? "" : String(f.max)];
  }
  return { picked, contains, min, max };
}

function FilterFields({ column, attribute, filters, entities, onEnter }: { column: number; attribute: AttributeDefinition; filters: QueryFilter[]; entities: DataStudioState["entities"]; onEnter: (e: React.KeyboardEvent<HTMLInputElement>) => void }) {
  const { picked, contains, min, max } = valuesOf(filters);
  const id = `ds-f${column}`;
  const input = "mt-1 w-full rounded-md border border-slate-300 px-2 py-1 text-sm";
  switch (filterKindOf(attribute)) {
    case "contains":
      return (
        <label className="block">
          <span className="text-slate-700">{T.contains}</span>
          <input type="text" name={`f${column}-contains`} defaultValue={contains} maxLength={200} className={input} onKeyDown={onEnter} />
        </label>
      );
    case "range": {
      const type = attribute.kind === "date" ? "date" : "number";
      return (
        <div className="grid grid-cols-2 gap-2">
          <label className="block">
            <span className="text-slate-700">{T.min}</span>
            <input type={type} name={`f${column}-min`} defaultValue={min} step={type === "number" ? "any" : undefined} className={input} onKeyDown={onEnter} />
          </label>
          <label className="block">
            <span className="text-slate-700">{T.max}</span>
            <input type={type} name={`f${column}-max`} defaultValue={max} step={type === "number" ? "any" : undefined} className={input} onKeyDown={onEnter} />
          </label>
        </div>
      );
    }
    case "in": {
      const options =
        attribute.kind === "boolean"
          ? [
              { value: "true", label: T.yes },
              { value: "false", label: T.no },
            ]
          : attribute.kind === "enum"
            ? (attribute.options ?? [])
            : (attribute.entity ? (entities[attribute.entity] ?? []) : []).map((e) => ({ value: e.id, label: e.name }));
      if (options.length === 0) return <p className="text-slate-600">{T.noValues}</p>;
      return (
        <ul className="space-y-1" aria-labelledby={`${id}-legend`}>
          {options.map((o, i) => (
            <li key={o.value}>
              <label className="flex items-center gap-2" htmlFor={`${id}-v${i}`}>
                <input id={`${id}-v${i}`} type="checkbox" name={`f${column}-values`} value={o.value} defaultChecked={picked.has(o.value)} className="h-4 w-4 rounded border-slate-300" />
                <span>{o.label}</span>
              </label>
            </li>
          ))}
        </ul>
      );
    }
  }
}

function FilterDropdown({ node, hydrated, entities }: Shared & { node: Extract<ColumnNode, { kind: "attribute" }> }) {
  const count = pickedCount(node.filters);
  const id = `ds-f${node.column}`;
  return (
    <DropPanel
      hydrated={hydrated}
      button={
        <>
          <span>{T.filter}</span>
          {count > 0 ? (
            <span className="rounded-full bg-indigo-600 px-1.5 text-xs font-semibold text-white" data-ds-badge>
              <span aria-hidden="true">{badgeText(count)}</span>
              <span className="sr-only">{T.filterBadgeLabel(count)}</span>
            </span>
          ) : null}
        </>
      }
      buttonLabel={undefined}
      buttonClassName="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
      panelClassName={FILTER_PANEL}
      panelLabel={T.filterLabel(node.label)}
      data-ds-filter={node.label}
    >
      {(close) => (
        <div key={JSON.stringify(node.filters)} className="flex h-full flex-col gap-3">
          <input type="hidden" name={`f${node.column}`} value="1" />
          <p id={`${id}-legend`} className="font-semibold text-slate-900">
            {T.filterLabel(node.label)}
          </p>
          <div className="min-h-0 flex-1 overflow-auto">
            <FilterFields
              column={node.column}
              attribute={node.attribute}
              filters={node.filters}
              entities={entities}
              onEnter={(e) => {
                if (e.key !== "Enter" || !hydrated) return;
                e.preventDefault();
                const apply = e.currentTarget.form?.querySelector<HTMLButtonElement>(`button[value="${columnIntent("applyFilter", node.column)}"]`);
                if (apply) {
                  e.currentTarget.form?.requestSubmit(apply);
                  close();
                }
              }}
            />
          </div>
          <div className="flex gap-2">
            <button type="submit" name="intent" value={columnIntent("applyFilter", node.column)} className={buttonClass("primary", "px-2.5 py-1 text-xs")} onClick={close}>
              {T.applyFilter}
            </button>
            <button type="submit" name="intent" value={columnIntent("clearFilter", node.column)} className={buttonClass("secondary", "px-2.5 py-1 text-xs")} onClick={close}>
              {T.clearFilter}
            </button>
          </div>
        </div>
      )}
    </DropPanel>
  );
}

function Node({ node, ...shared }: Shared & { node: ColumnNode }) {
  if (node.kind === "attribute") {
    return (
      <li className="flex flex-wrap items-center gap-2 py-1" data-ds-column={node.label}>
        <span className="font-medium text-slate-900">{node.attribute.displayName}</span>
        <FilterDropdown node={node} {...shared} />
        <button type="submit" name="intent" value={columnIntent("removeColumn", node.column)} className={ICON_BUTTON} aria-label={T.removeColumn(node.label)}>
          <span aria-hidden="true">×</span>
        </button>
      </li>
    );
  }
  const name = T.edgeColumn(node.edge.displayName, node.target.displayName);
  return (
    <li className="py-1" data-ds-edge={node.edge.displayName}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900">{name}</span>
        <DropPanel
          hydrated={shared.hydrated}
          button={T.addAttr}
          buttonLabel={T.addAttrLabel(node.edge.displayName)}
          buttonClassName="rounded-md px-2 py-1 text-xs font-semibold text-indigo-700 ring-1 ring-inset ring-indigo-200 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
          panelClassName={PICKER_PANEL}
          panelLabel={T.addAttrLabel(node.edge.displayName)}
        >
          {(close) => <StepPicker table={node.target} intent={(type, n) => addAttrIntent(node.column, node.depth, type, n)} close={close} />}
        </DropPanel>
        <button type="submit" name="intent" value={edgeIntent(node.column, node.depth)} className={ICON_BUTTON} aria-label={T.deleteEdge(node.edge.displayName)}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {node.children.length > 0 ? (
        <ul className="ml-5 border-l border-slate-200 pl-3">
          {node.children.map((child) => (
            <Node key={child.kind === "edge" ? `e-${child.edge.name}` : `a-${child.column}`} node={child} {...shared} />
          ))}
        </ul>
      ) : (
        <p className="ml-5 text-xs text-slate-600">{T.noAttributeYet}</p>
      )}
    </li>
  );
}

export function ColumnList({ nodes, ...shared }: Shared & { nodes: ColumnNode[] }) {
  if (nodes.length === 0) return <p className="text-sm text-slate-600">{T.noColumns}</p>;
  return (
    <ul className="text-sm" aria-label={T.columns}>
      {nodes.map((node) => (
        <Node key={node.kind === "edge" ? `e-${node.edge.name}` : `a-${node.column}`} node={node} {...shared} />
      ))}
    </ul>
  );
}
