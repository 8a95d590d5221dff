import { useEffect, useState } from "react";
import { msteamsCopy } from "~/lib/copy";
import { textLink } from "~/modules/auth/components/auth-card";
import type { TabStartResult } from "../tab-start";

/**
 * The static tab's content page: asks Teams for a sign-in token and continues to the framed
 * wrapper. Says plainly what went wrong when there is no Teams around it or no token.
 */
export function TabStartPage() {
  const [failure, setFailure] = useState<Extract<TabStartResult, { ok: false }> | null>(null);
  useEffect(() => {
    let cancelled = false;
    import("../tab-start")
      .then(({ startTeamsTab }) => startTeamsTab())
      .then((result) => {
        if (cancelled) return;
        if (result.ok) window.location.replace(result.href);
        else setFailure(result);
      })
      .catch((error: unknown) => {
        if (!cancelled) setFailure({ ok: false, reason: "no-host", detail: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      cancelled = true;
    };
  }, []);

  if (failure) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 p-8 text-center">
        <h1 className="text-lg font-semibold text-slate-900">{msteamsCopy.tabTitle}</h1>
        <p role="alert" className="text-sm text-slate-700">
          {failure.reason === "no-host" ? msteamsCopy.tabNoHost : msteamsCopy.tabNoToken(failure.detail)}
        </p>
        <a href="/sign-in" className={`text-sm ${textLink}`}>
          {msteamsCopy.tabSignInOnWeb}
        </a>
      </div>
    );
  }
  return (
    <div className="flex min-h-full flex-col items-center justify-center gap-4 p-8" role="status" aria-live="polite">
      <h1 className="sr-only">{msteamsCopy.tabTitle}</h1>
      <span className="size-10 animate-spin rounded-full border-4 border-slate-200 border-t-indigo-600" aria-hidden="true" />
      <p className="text-sm text-slate-600">{msteamsCopy.tabSigningIn}</p>
      <noscript>
        <p className="text-sm text-slate-700">{msteamsCopy.tabNoHost}</p>
      </noscript>
    </div>
  );
}
