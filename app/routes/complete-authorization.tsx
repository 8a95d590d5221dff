import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { AuthCard } from "~/modules/auth/components/auth-card";
import {
  consumeAuthorization,
  findPersonForIdentity,
  readPendingAuthorization,
  signWorkspaceChoiceToken,
  workspacesOf,
} from "~/modules/auth/authorization.server";
import { redirectIfSignedIn, signInAndRedirect } from "~/modules/auth/session.server";
import type { SignInPlatform } from "~/modules/auth/sign-in.schema";

export const meta: MetaFunction = () => [{ title: "Signing in" }];

/**
 * /slack/complete-authorization and /msteams/complete-authorization (002 §2.3): the path picks
 * the platform, the `authorization` query parameter the verified sign-in to complete.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request, context);
  const url = new URL(request.url);
  const platform: SignInPlatform = url.pathname.startsWith("/msteams/") ? "msteams" : "slack";
  const authorizationId = url.searchParams.get("authorization")?.trim();
  if (!authorizationId) throw redirect("/sign-in");

  const authorization = await readPendingAuthorization(context, authorizationId);
  if (!authorization || authorization.platform !== platform) throw redirect("/auth-error");

  const person = await findPersonForIdentity(context, authorization);
  if (!person) {
    // Spent either way: a retry with another workspace starts a fresh sign-in.
    await consumeAuthorization(context, authorization.id);
    throw redirect("/not-authorized");
  }

  let workspaceId: string | null = null;
  if (platform === "slack") {
    const memberOf = await workspacesOf(context, person);
    workspaceId = memberOf.length === 1 ? memberOf[0].id : null;
    if (memberOf.length > 1) {
      // The authorization stays unconsumed until the workspace is chosen, so exactly one
      // session can come out of it on either path.
      const idToken = await signWorkspaceChoiceToken(context, {
        person,
        authorizationId: authorization.id,
        expiresAt: authorization.expiresAt,
      });
      const next = new URLSearchParams({ authorization: authorization.id, idToken });
      throw redirect(`/slack/select-slack-workspace?${next}`);
    }
  }

  if (!(await consumeAuthorization(context, authorization.id))) throw redirect("/auth-error");
  return signInAndRedirect(request, context, { ...person, workspaceId });
}

/** Only seen if a redirect above is not followed. */
export default function CompleteAuthorization() {
  return (
    <AuthCard title="Signing in">
      <p className="text-center text-sm text-slate-600">Completing your sign-in…</p>
    </AuthCard>
  );
}
