import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { findPersonForIdentity } from "~/modules/auth/authorization.server";
import { AuthCard, textLink, TooManyAttempts } from "~/modules/auth/components/auth-card";
import { logSignInFailure, verifyIdToken } from "~/modules/auth/oidc.server";
import { hitSignInLimit, tooManyAttemptsMessage } from "~/modules/auth/rate-limit.server";
import { routeById } from "~/lib/route-table";
import { sameOriginPath } from "~/modules/auth/redirect-target";
import { profilePath, replaceSession } from "~/modules/auth/session.server";
import { PlatformSchema } from "~/modules/auth/sign-in.schema";

export { signInRouteHeaders as headers } from "~/modules/auth/route-headers";

/** The frame loader waits 1000 ms before continuing (002 §2.3, §9). */
const FRAME_LOADER_SECONDS = 1;

/**
 * The framed tab (002 §2.3): /tab?token=T&teamId=X&platform=msteams|slack&redirect=/path.
 * T is an ID token the host (Teams SSO, Slack) issued for our app; it is verified like a
 * provider sign-in and "stored" as our own session, whose frame team drives the demo view.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const limit = await hitSignInLimit(request, context);
  if (!limit.allowed) {
    return data(
      { target: null, rateLimited: tooManyAttemptsMessage(limit.retryAfterSeconds) },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds), "Cache-Control": "no-store" } },
    );
  }
  const url = new URL(request.url);
  const platform = PlatformSchema.safeParse(url.searchParams.get("platform") ?? "msteams");
  const token = url.searchParams.get("token");
  if (!platform.success || !token) throw redirect("/auth-error");

  let identity;
  try {
    identity = await verifyIdToken(context, platform.data, token);
  } catch (error) {
    logSignInFailure(context.requestId, error, { step: "framed tab", platform: platform.data });
    throw redirect("/auth-error");
  }
  const person = await findPersonForIdentity(context, identity);
  if (!person) throw redirect("/not-authorized");

  const teamId = url.searchParams.get("teamId")?.trim();
  const cookie = await replaceSession(request, context, {
    userId: person.userId,
    companyId: person.companyId,
    frameTeamId: teamId && teamId.length <= 200 ? teamId : null,
  });
  // "Demo mode redirects to the objectives page for allowed team ids" (002 §2.1).
  const inDemoTeam = Boolean(teamId && context.config.demoTeamIds.includes(teamId));
  const target =
    sameOriginPath(url.searchParams.get("redirect")) ??
    (inDemoTeam ? routeById("objectives-okr").path : profilePath(person.userId));
  return data({ target, rateLimited: null }, { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
}

/** A meta refresh continues after the wait without JavaScript (frames may block scripts). */
export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: "Loading" },
  ...(loaded?.target ? [{ httpEquiv: "refresh", content: `${FRAME_LOADER_SECONDS};url=${loaded.target}` }] : []),
];

export default function Tab() {
  const { target, rateLimited } = useLoaderData<typeof loader>();
  if (rateLimited) {
    return (
      <AuthCard title="Too many sign-in attempts">
        <TooManyAttempts message={rateLimited} />
      </AuthCard>
    );
  }
  return (
    <div className="flex min-h-full flex-col items-center justify-center gap-4 p-8" role="status" aria-live="polite">
      <span className="size-10 animate-spin rounded-full border-4 border-slate-200 border-t-indigo-600" aria-hidden="true" />
      <p className="text-sm text-slate-600">Loading…</p>
      {target ? (
        <Link to={target} className={`text-sm ${textLink}`}>
          Continue
        </Link>
      ) : null}
    </div>
  );
}
