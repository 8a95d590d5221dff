import type { HeadersFunction } from "@remix-run/cloudflare";

const PASSED = ["Retry-After", "Cache-Control"];

/**
 * Remix keeps only Set-Cookie from a loader's or action's headers on a document response; the
 * sign-in routes also need Retry-After (429) and Cache-Control (no caching of one-time pages).
 */
export const signInRouteHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers();
  for (const source of [loaderHeaders, actionHeaders]) {
    for (const name of PASSED) {
      const value = source.get(name);
      if (value) headers.set(name, value);
    }
  }
  return headers;
};
