import { useNavigate } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "./button";
import { ConfirmPanel } from "./confirm-panel";

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

/**
 * Delete's second step, after DuplicateDeleteActions' check: "Delete {title}?" with `children`
 * saying what will happen, Cancel back to `cancelTo`, and Delete posting the row's id again with
 * `initialCheck` false.
 */
export function DeleteCheckPanel({
  id = "delete",
  check,
  cancelTo,
  children,
}: {
  /** Prefix of the panel's ids. */
  id?: string;
  check: { id: string; title: string };
  cancelTo: string;
  children: ReactNode;
}) {
  return (
    <ConfirmPanel
      id={id}
      title={`Delete ${check.title}?`}
      fields={{ intent: "delete", id: check.id, initialCheck: "false" }}
      cancelTo={cancelTo}
      confirmLabel="Delete"
      data-delete-check
    >
      {children}
    </ConfirmPanel>
  );
}

/**
 * A library row that opens its item when clicked anywhere but its own links and forms; the name
 * cell (LinkCell) is the real link, for keyboards and without JavaScript.
 */
export function LinkRow({ href, children, ...rest }: { href: string; children: ReactNode } & Record<`data-${string}`, string>) {
  const navigate = useNavigate();
  return (
    <tr
      {...rest}
      className="cursor-pointer hover:bg-slate-50"
      onClick={(event) => {
        if ((event.target as HTMLElement).closest("a,button,form")) return;
        navigate(href);
      }}
    >
      {children}
    </tr>
  );
}

/** The row's name: the link to its item. */
export function LinkCell({ href, children }: { href: string; children: ReactNode }) {
  return (
    <td className="px-3 py-2 font-medium text-slate-900">
      <a href={href} className="hover:text-indigo-700 hover:underline">
        {children}
      </a>
    </td>
  );
}
