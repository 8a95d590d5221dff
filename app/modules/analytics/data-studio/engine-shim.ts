// TEMPORARY: stands in for the engine's definitions.ts and query.schema.ts until they reach main.
import { z } from "zod";
import type { TableDefinition } from "./query-types";

export const TABLE_DEFINITIONS: TableDefinition[] = [
  {
    name: "people",
    displayName: "People",
    attributes: [
      { name: "name", displayName: "Name", kind: "text" },
      { name: "email", displayName: "Email", kind: "text" },
      { name: "department", displayName: "Department", kind: "entity", entity: "departments" },
      { name: "isSuperAdmin", displayName: "Super admin", kind: "boolean" },
      { name: "source", displayName: "Source", kind: "enum", options: [{ value: "chat", label: "Chat" }, { value: "hris", label: "HR system" }, { value: "manual", label: "Manual" }] },
      { name: "createdAt", displayName: "Created", kind: "date" },
    ],
    edges: [{ name: "department", displayName: "Department", table: "departments" }],
  },
  {
    name: "departments",
    displayName: "Departments",
    attributes: [{ name: "name", displayName: "Name", kind: "text" }],
    edges: [],
  },
];

const filterSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("in"), values: z.array(z.union([z.string(), z.number(), z.boolean()])) }),
  z.object({ kind: z.literal("contains"), value: z.string() }),
  z.object({ kind: z.literal("range"), min: z.union([z.string(), z.number()]).optional(), max: z.union([z.string(), z.number()]).optional() }),
]);
const stepSchema = z.object({ type: z.enum(["attribute", "edge"]), name: z.string().min(1).max(100), filters: z.array(filterSchema).optional() });
export const queryDocumentSchema = z.object({ table: z.string().min(1).max(100), columns: z.array(z.array(stepSchema).min(1)) });
