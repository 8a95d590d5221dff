import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { recordAuthorization } from "~/modules/auth/authorization.server";
import { browserKeyOf } from "~/modules/auth/browser-binding.server";
import { clearFlowCookie, finishProviderSignIn, logSignInFailure, SignInError } from "~/modules/auth/oidc.server";
import { hitSignInLimit, tooManyAttemptsResponse } from "~/modules/auth/rate-limit.server";
import { PlatformSchema } from "~/modules/auth/sign-in.schema";

/**
 * The provider's redirect back. Every failure (state, exchange, signature, issuer, audience,
 * nonce, expiry) ends on the authorization-error page (002 §8) and is logged with the request
 * id; success records an authorization bound to this browser and continues to
 * /{platform}/complete-authorization.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const parsed = PlatformSchema.safeParse(params.platform);
  if (!parsed.success) throw new Response("Not Found", { status: 404 });
  const platform = parsed.data;
  const limit = await hitSignInLimit(request, context);
  if (!limit.allowed) return tooManyAttemptsResponse(limit.retryAfterSeconds);

  const headers = new Headers({ "Set-Cookie": await clearFlowCookie(request, context), "Cache-Control": "no-store" });
  try {
    const identity = await finishProviderSignIn(request, context, platform);
    // The start set the binding beside the flow cookie; the completion will ask for it again.
    const browserKey = await browserKeyOf(request);
    if (!browserKey) throw new SignInError("no sign-in browser cookie at the callback");
    const authorizationId = await recordAuthorization(context, identity, { browserKey });
    return redirect(`/${platform}/complete-authorization?authorization=${encodeURIComponent(authorizationId)}`, { headers });
  } catch (error) {
    logSignInFailure(context.requestId, error, { step: "sign-in callback", platform, url: request.url });
    return redirect("/auth-error", { headers });
  }
}
