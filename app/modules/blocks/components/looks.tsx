import { OPTIONAL_SUFFIX } from "../types";

/**
 * What every block renderer shares: the two looks of a question form, element ids for answer
 * fields, and the required mark.
 *
 * Looks:
 * - "questionnaire": an optional question says "(optional)", a required one is announced with
 *   aria-required; answer forms number the questions (review questionnaires; feedback templates).
 * - "survey": a required question carries a "*" and the browser enforces it; answer forms do not
 *   number the questions (surveys; 1-on-1 prep surveys).
 * Previews number the questions in both looks.
 */
export type Look = "questionnaire" | "survey";

export type Errors = Record<string, string[]>;

export const ANSWER_INPUT = "w-full rounded-md border border-slate-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-500";
export const PREVIEW_INPUT = "w-full rounded-md border border-slate-300 px-3 py-2 text-sm";
export const ANSWER_ERROR = "text-sm text-red-600";

/** Element ids of an answer form's fields (ids with dots would need escaping in CSS selectors). */
export interface FieldIds {
  idOf: (name: string) => string;
  errorIdOf: (name: string) => string;
  /** aria-invalid and aria-describedby of a control whose field may have an error. */
  invalidProps: (name: string, errors: Errors) => { "aria-invalid"?: true; "aria-describedby"?: string };
}

export function fieldIds(prefix: string): FieldIds {
  const idOf = (name: string) => `${prefix}-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  const errorIdOf = (name: string) => `${idOf(name)}-error`;
  return {
    idOf,
    errorIdOf,
    invalidProps: (name, errors) => (errors[name]?.length ? { "aria-invalid": true as const, "aria-describedby": errorIdOf(name) } : {}),
  };
}

const ASTERISK = { answer: "ml-0.5 text-red-600", preview: "ml-1 text-red-700" } as const;

/** "(optional)" after an optional question's label; in the plain look, a "*" after a required one. */
export function RequiredMark({ required, asterisk }: { required: boolean; asterisk?: keyof typeof ASTERISK }) {
  if (required) {
    return asterisk ? (
      <span className={ASTERISK[asterisk]} aria-hidden="true">
        *
      </span>
    ) : null;
  }
  return <span className="ml-1 text-xs font-normal text-slate-500">{OPTIONAL_SUFFIX}</span>;
}
