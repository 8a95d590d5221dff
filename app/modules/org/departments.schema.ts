import { z } from "zod";
import { sharedCopy } from "~/lib/copy";
import { NAME_TOO_LONG } from "./roles.schema";

export const DEPARTMENT_EXISTS = "A department with this name already exists.";

const departmentName = z.string({ error: sharedCopy.required }).trim().min(1, sharedCopy.required).max(100, NAME_TOO_LONG);
const id = z.string({ error: sharedCopy.required }).min(1, sharedCopy.required).max(200);

/** The Departments page's forms (002 §3 "Department: id, name, members"), by hidden `intent`. */
export const DepartmentActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), name: departmentName }),
  z.object({ intent: z.literal("rename"), departmentId: id, name: departmentName }),
  z.object({ intent: z.literal("remove"), departmentId: id }),
]);
export type DepartmentAction = z.infer<typeof DepartmentActionSchema>;
