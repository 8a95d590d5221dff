import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { CspNonceContext } from "./lib/csp-nonce";
import { logError } from "./lib/log.server";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  let status = responseStatusCode;
  // The same nonce as the response's Content-Security-Policy (made by the Worker): on Remix's
  // scripts, its streamed data scripts and React's own inline scripts.
  const nonce = loadContext.cspNonce;
  const page = (
    <CspNonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </CspNonceContext.Provider>
  );
  const body = await renderToReadableStream(page, {
    nonce,
    signal: request.signal,
    onError(error: unknown) {
      // Rendering failed after the shell was sent: log it with the id the page shows.
      if (!request.signal.aborted) logError(loadContext.requestId, error, { phase: "render", url: request.url });
      status = 500;
    },
  });
  // Crawlers and tests without JavaScript get the whole document at once.
  if (isbot(request.headers.get("user-agent") ?? "")) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status });
}

/**
 * Loader, action and render errors, logged with the request id the worker sends as X-Request-Id
 * and the error page shows, so a person's report can be found in the logs. Thrown responses
 * below 500 (404s, redirects) are control flow, not failures; cancelled requests are ignored.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // A body past its limit is answered 413 by the Worker: the client's doing, not a failure.
  if ((context as AppLoadContext | undefined)?.bodyOverLimit?.()) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const requestId = (context as AppLoadContext | undefined)?.requestId ?? "unknown";
  const cause = isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error;
  logError(requestId, cause, { url: request.url, method: request.method });
};
