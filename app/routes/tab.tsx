import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { logWarn } from "~/lib/log.server";
import { routeById } from "~/lib/route-table";
import {
  completeLink,
  consumeAuthorization,
  findPersonForIdentity,
  markTokenUsed,
  readPendingAuthorization,
  recordAuthorization,
  verifiedFrameTeam,
} from "~/modules/auth/authorization.server";
import { browserKeyOf, clearBrowserBinding, newBrowserBinding } from "~/modules/auth/browser-binding.server";
import { AuthCard, textLink, TooManyAttempts } from "~/modules/auth/components/auth-card";
import { logSignInFailure, SignInError, verifyFramedTabToken } from "~/modules/auth/oidc.server";
import { hitSignInLimit, tooManyAttemptsMessage } from "~/modules/auth/rate-limit.server";
import { sameOriginPath } from "~/modules/auth/redirect-target";
import { profilePath, replaceSession } from "~/modules/auth/session.server";
import { PlatformSchema } from "~/modules/auth/sign-in.schema";

export { signInRouteHeaders as headers } from "~/modules/auth/route-headers";

/** The frame loader waits 1000 ms before continuing (002 §2.3, §9). */
const FRAME_LOADER_SECONDS = 1;

/**
 * The framed tab (002 §2.3): /tab?token=T&teamId=X&platform=msteams|slack&redirect=/path, where T
 * is an ID token the host (Teams SSO, Slack) issued for our app. Two steps, so the token is in
 * an address for one request only and a session comes out of it once, in this browser:
 *
 * 1. With `token`: the token is verified, remembered as used, and a short-lived authorization is
 *    written with the verified frame team and the page to open, bound to this browser by a fresh
 *    cookie; then 303 to /tab?authorization=… (no token).
 * 2. With `authorization`: completes only with that cookie, once; the session is created and the
 *    frame loader continues to the page after 1 second (a meta refresh, so without JavaScript too).
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
  const authorizationId = url.searchParams.get("authorization");
  if (authorizationId && !url.searchParams.has("token")) return await completeTab(request, context, authorizationId.trim());
  return await acceptHostToken(request, context, url);
}

async function acceptHostToken(request: Request, context: LoaderFunctionArgs["context"], url: URL): Promise<never> {
  const platform = PlatformSchema.safeParse(url.searchParams.get("platform") ?? "msteams");
  const token = url.searchParams.get("token");
  const refuse = (error: unknown) => {
    logSignInFailure(context.requestId, error, { step: "framed tab", url: request.url });
    return redirect("/auth-error", { headers: { "Cache-Control": "no-store" } });
  };
  if (!platform.success || !token) throw refuse(new SignInError("framed tab without a token or with an unknown platform"));

  let verified;
  try {
    verified = await verifyFramedTabToken(context, platform.data, token);
  } catch (error) {
    throw refuse(error);
  }
  if (!(await markTokenUsed(context, verified.replayId, verified.validUntil))) {
    throw refuse(new SignInError("framed-tab token used before (replay)"));
  }
  const { identity } = verified;
  const person = await findPersonForIdentity(context, identity);
  if (!person) throw redirect("/not-authorized", { headers: { "Cache-Control": "no-store" } });

  const frameTeamId = await verifiedFrameTeam(context, person, identity, url.searchParams.get("teamId"));
  // "Demo mode redirects to the objectives page for allowed team ids" (002 §2.1).
  const inDemoTeam = Boolean(frameTeamId && context.config.demoTeamIds.includes(frameTeamId));
  const redirectTo =
    sameOriginPath(url.searchParams.get("redirect")) ?? (inDemoTeam ? routeById("objectives-okr").path : profilePath(person.userId));

  const binding = await newBrowserBinding(request);
  const id = await recordAuthorization(context, identity, {
    browserKey: binding.browserKey,
    frame: { teamId: frameTeamId, redirectTo },
  });
  throw redirect(`/tab?${new URLSearchParams({ authorization: id })}`, {
    status: 303,
    headers: { "Set-Cookie": binding.setCookie, "Cache-Control": "no-store" },
  });
}

async function completeTab(request: Request, context: LoaderFunctionArgs["context"], authorizationId: string) {
  const browserKey = await browserKeyOf(request);
  const authorization = await readPendingAuthorization(context, authorizationId, browserKey);
  // Only a framed-tab authorization has a page to open.
  if (!authorization?.redirectTo || !(await consumeAuthorization(context, authorization.id, browserKey))) {
    logWarn(context.requestId, "framed tab completion refused: unknown, spent, expired or another browser's", {
      url: request.url,
      withBrowserCookie: Boolean(browserKey),
    });
    throw redirect("/auth-error", { headers: { "Cache-Control": "no-store" } });
  }
  const clearBinding = await clearBrowserBinding(request);
  const person = await findPersonForIdentity(context, authorization);
  if (!person) throw redirect("/not-authorized", { headers: { "Set-Cookie": clearBinding, "Cache-Control": "no-store" } });
  await completeLink(context, person, authorization);

  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append(
    "Set-Cookie",
    await replaceSession(request, context, { userId: person.userId, companyId: person.companyId, frameTeamId: authorization.frameTeamId }),
  );
  headers.append("Set-Cookie", clearBinding);
  return data({ target: authorization.redirectTo, rateLimited: null }, { headers });
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
