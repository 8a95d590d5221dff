import type { ReactNode } from "react";
import { buttonClass } from "./button";

/**
 * A library row's Duplicate and Delete (review questionnaires, surveys, survey templates): two
 * plain forms posting `intent` and `id`, so they work without JavaScript. Delete is the first of
 * two steps (`initialCheck`): the page answers with a confirmation that may carry a warning.
 * `before` goes first in the row (e.g. an Edit link).
 */
export function DuplicateDeleteActions({ id, title, before }: { id: string; title: string; before?: ReactNode }) {
  return (
    <div className="flex justify-end gap-2">
      {before}
      <form method="post">
        <input type="hidden" name="intent" value="duplicate" />
        <input type="hidden" name="id" value={id} />
        <button type="submit" className={buttonClass("secondary")} aria-label={`Duplicate ${title}`}>
          Duplicate
        </button>
      </form>
      <form method="post">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="initialCheck" value="true" />
        <button type="submit" className={buttonClass("danger")} aria-label={`Delete ${title}`}>
          Delete
        </button>
      </form>
    </div>
  );
}
