import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { logSignInFailure, startProviderSignIn } from "~/modules/auth/oidc.server";
import { hitSignInLimit, tooManyAttemptsResponse } from "~/modules/auth/rate-limit.server";
import { PlatformSchema } from "~/modules/auth/sign-in.schema";

function platformOf(params: LoaderFunctionArgs["params"]) {
  const parsed = PlatformSchema.safeParse(params.platform);
  if (!parsed.success) throw new Response("Not Found", { status: 404 });
  return parsed.data;
}

/** Only the sign-in buttons' POST starts a flow; a stray GET goes back to the sign-in page. */
export async function loader({ params }: LoaderFunctionArgs) {
  platformOf(params);
  throw redirect("/sign-in");
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const platform = platformOf(params);
  const limit = await hitSignInLimit(request, context);
  if (!limit.allowed) return tooManyAttemptsResponse(limit.retryAfterSeconds);
  try {
    return await startProviderSignIn(request, context, platform);
  } catch (error) {
    logSignInFailure(context.requestId, error, { step: "sign-in start", platform, url: request.url });
    throw redirect("/auth-error");
  }
}
