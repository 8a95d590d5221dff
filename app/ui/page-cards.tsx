import { Link } from "@remix-run/react";
import { EmptyState } from "./empty-state";
import { Icon } from "./icons";

export interface PageCard {
  id: string;
  href: string;
  label: string;
  /** A line under the label; left out when there is nothing to add. */
  description?: string | null;
}

/**
 * The pages of an area as a grid of cards (an area's index, the organisation settings overview),
 * or the area's empty-state text when the person may open none of them.
 */
export function PageCards({ pages, emptyText }: { pages: PageCard[]; emptyText: string }) {
  if (pages.length === 0) return <EmptyState title={emptyText} />;
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {pages.map((page) => (
        <li key={page.id}>
          <Link
            to={page.href}
            data-page={page.id}
            className="group flex h-full items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-4 shadow-sm transition hover:border-indigo-300 hover:shadow focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <span>
              <span className="block text-sm font-semibold text-slate-900">{page.label}</span>
              {page.description ? <span className="block text-xs text-slate-500">{page.description}</span> : null}
            </span>
            <Icon name="chevronRight" className="size-4 shrink-0 text-slate-400 group-hover:text-indigo-600" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
