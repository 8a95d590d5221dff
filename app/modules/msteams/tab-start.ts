/**
 * The Teams personal tab's start: TeamsJS single sign-on, then the framed wrapper. Client-only
 * (TeamsJS touches `window` when loaded), so the page imports this after it has rendered.
 */
export type TabStartResult = { ok: true; href: string } | { ok: false; reason: "no-host" | "no-token"; detail: string };

/** Without a Teams host, TeamsJS's initialize never settles: this long is "not in Teams". */
export const TEAMS_HOST_TIMEOUT_MS = 5000;

/** The framed wrapper's address for a Teams SSO token (app/routes/tab.tsx verifies it). */
export function framedTabHref(token: string, teamId: string | null | undefined): string {
  const query = new URLSearchParams({ token, platform: "msteams" });
  if (teamId) query.set("teamId", teamId);
  return `/tab?${query}`;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error("no answer from Microsoft Teams")), ms))]);
}

/**
 * Teams frames a tab (web and desktop) or hosts it in its mobile web view, which gives the page a
 * `nativeInterface`; a page with neither is not in Teams and need not wait long to say so.
 */
function maybeInTeams(): boolean {
  let framed = true;
  try {
    framed = window.self !== window.top;
  } catch {
    framed = true;
  }
  return framed || "nativeInterface" in window;
}

export async function startTeamsTab(timeoutMs = TEAMS_HOST_TIMEOUT_MS): Promise<TabStartResult> {
  if (!maybeInTeams()) return { ok: false, reason: "no-host", detail: "not inside Microsoft Teams" };
  const { app, authentication } = await import("@microsoft/teams-js");
  let teamId: string | undefined;
  try {
    await withTimeout(app.initialize(), timeoutMs);
    const context = await withTimeout(app.getContext(), timeoutMs);
    teamId = context.team?.internalId;
  } catch (error) {
    return { ok: false, reason: "no-host", detail: error instanceof Error ? error.message : String(error) };
  }
  try {
    const token = await authentication.getAuthToken();
    app.notifySuccess();
    return { ok: true, href: framedTabHref(token, teamId) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    app.notifyFailure({ reason: app.FailedReason.AuthFailed, message: detail });
    return { ok: false, reason: "no-token", detail };
  }
}
