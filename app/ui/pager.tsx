import { Link } from "@remix-run/react";
import { buttonClass } from "./button";

/**
 * Previous and Next under a paged list, with "{total} {noun} · Page {page} of {pages}" (the count
 * shows on a single page too). `hrefFor` gives the link to a page.
 */
export function Pager({
  page,
  pages,
  total,
  noun,
  hrefFor,
}: {
  page: number;
  pages: number;
  total: number;
  noun: string;
  hrefFor: (page: number) => string;
}) {
  return (
    <nav aria-label="Pages" className="mt-3 flex items-center justify-between text-sm text-slate-600">
      <span data-total={total}>
        {total} {noun} · Page {page} of {pages}
      </span>
      <span className="flex gap-2">
        {page > 1 ? (
          <Link to={hrefFor(page - 1)} className={buttonClass("secondary")} rel="prev">
            Previous
          </Link>
        ) : null}
        {page < pages ? (
          <Link to={hrefFor(page + 1)} className={buttonClass("secondary")} rel="next">
            Next
          </Link>
        ) : null}
      </span>
    </nav>
  );
}
