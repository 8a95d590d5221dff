import { sharedCopy } from "~/lib/copy";
import { ButtonLink } from "./button";
import { Icon } from "./icons";

/** What a person sees when the server failed: the platform text and the id to quote to support. */
export function ErrorPanel({ requestId }: { requestId?: string | null }) {
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center rounded-lg border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
      <span className="mb-3 rounded-full bg-red-50 p-3 text-red-600">
        <Icon name="alert" className="size-6" />
      </span>
      <h1 className="text-lg font-semibold text-slate-900">{sharedCopy.somethingWentWrong}</h1>
      {requestId ? (
        <p className="mt-2 text-sm text-slate-600">
          {sharedCopy.requestIdLabel}: <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs">{requestId}</code>
        </p>
      ) : null}
      <ButtonLink to="/" variant="secondary" className="mt-6" reloadDocument>
        {sharedCopy.goBackHome}
      </ButtonLink>
    </div>
  );
}
