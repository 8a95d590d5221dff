import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { logWarn } from "~/lib/log.server";
import { AuthCard } from "~/modules/auth/components/auth-card";
import {
  completeLink,
  consumeAuthorization,
  findPersonForIdentity,
  readPendingAuthorization,
  signWorkspaceChoiceToken,
  workspacesOf,
} from "~/modules/auth/authorization.server";
import { browserKeyOf, clearBrowserBinding } from "~/modules/auth/browser-binding.server";
import { redirectIfSignedIn, signInAndRedirect } from "~/modules/auth/session.server";
import type { SignInPlatform } from "~/modules/auth/sign-in.schema";

export const meta: MetaFunction = () => [{ title: "Signing in" }];

/**
 * /slack/complete-authorization and /msteams/complete-authorization (002 §2.3): the path picks
 * the platform, the `authorization` query parameter the verified sign-in to complete. It
 * completes only in the browser that started the sign-in (its binding cookie), once.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request, context);
  const url = new URL(request.url);
  const platform: SignInPlatform = url.pathname.startsWith("/msteams/") ? "msteams" : "slack";
  const authorizationId = url.searchParams.get("authorization")?.trim();
  if (!authorizationId) throw redirect("/sign-in");

  const browserKey = await browserKeyOf(request);
  const authorization = await readPendingAuthorization(context, authorizationId, browserKey);
  // A framed-tab authorization (it has a page to open) completes only at /tab.
  if (!authorization || authorization.platform !== platform || authorization.redirectTo !== null) {
    logWarn(context.requestId, "sign-in completion refused: unknown, spent, expired or another browser's", {
      url: request.url,
      withBrowserCookie: Boolean(browserKey),
    });
    throw redirect("/auth-error");
  }

  const person = await findPersonForIdentity(context, authorization);
  if (!person) {
    // Spent either way: a retry with another workspace starts a fresh sign-in.
    await consumeAuthorization(context, authorization.id, browserKey);
    throw redirect("/not-authorized", { headers: { "Set-Cookie": await clearBrowserBinding(request) } });
  }

  let workspaceId: string | null = null;
  if (platform === "slack") {
    const memberOf = await workspacesOf(context, person);
    workspaceId = memberOf.length === 1 ? memberOf[0].id : null;
    if (memberOf.length > 1) {
      // The authorization stays unconsumed until the workspace is chosen (in this browser), so
      // exactly one session can come out of it on either path.
      const idToken = await signWorkspaceChoiceToken(context, {
        person,
        authorizationId: authorization.id,
        expiresAt: authorization.expiresAt,
      });
      const next = new URLSearchParams({ authorization: authorization.id, idToken });
      throw redirect(`/slack/select-slack-workspace?${next}`);
    }
  }

  if (!(await consumeAuthorization(context, authorization.id, browserKey))) throw redirect("/auth-error");
  await completeLink(context, person, authorization);
  return signInAndRedirect(request, context, { ...person, workspaceId }, undefined, [await clearBrowserBinding(request)]);
}

/** Only seen if a redirect above is not followed. */
export default function CompleteAuthorization() {
  return (
    <AuthCard title="Signing in">
      <p className="text-center text-sm text-slate-600">Completing your sign-in…</p>
    </AuthCard>
  );
}
