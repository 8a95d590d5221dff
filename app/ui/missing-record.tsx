import { isRouteErrorResponse, Link, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { buttonClass } from "./button";
import { EmptyState } from "./empty-state";
import { ErrorPanel } from "./error-panel";
import type { IconKey } from "./icons";

/**
 * A page's error boundary for a record that is not there (404, also another company's): the empty
 * state `title` and the way back; any other error the error panel. Small on purpose: pages that
 * are not builders use it too.
 */
export function MissingRecordBoundary({
  icon,
  title,
  backTo,
  backLabel,
}: {
  icon: IconKey;
  title: string;
  backTo: string;
  backLabel: string;
}) {
  const error = useRouteError();
  const root = useRouteLoaderData<{ requestId?: string }>("root");
  if (!isRouteErrorResponse(error) || error.status !== 404) return <ErrorPanel requestId={root?.requestId} />;
  return (
    <EmptyState icon={icon} title={title}>
      <Link to={backTo} className={buttonClass("secondary")}>
        {backLabel}
      </Link>
    </EmptyState>
  );
}
