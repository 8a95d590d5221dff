import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { z } from "zod";
import { pageTitle, sharedCopy } from "./lib/copy";
import { useCspNonce } from "./lib/csp-nonce";
import { getToast } from "./lib/toast.server";
import { ErrorPanel } from "./ui/error-panel";
import { NotFound } from "./ui/not-found";
import { Toasts } from "./ui/toasts";
import stylesheet from "./tailwind.css?url";

// Zod probes once for eval (`new Function`) to compile faster parsers; the script policy refuses
// eval and the browser reports the probe as a violation. Schemas validate the same without it.
z.config({ jitless: true });

// An inline icon: no extra request, and no 404 for /favicon.ico in every log.
const ICON =
  "data:image/svg+xml," +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#6366f1"/><text x="16" y="22" font-family="sans-serif" font-size="18" font-weight="700" fill="#fff" text-anchor="middle">P</text></svg>');

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: ICON, type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: sharedCopy.titleSuffix }];

/** The request id (also sent as X-Request-Id) for error pages, and the flash toast, read once. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { toast, setCookie } = await getToast(request, context);
  return data({ requestId: context.requestId, toast }, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

// Cheap (no database): re-run on every navigation so a toast queued by any redirect shows up and
// the request id on an error page is the failing request's.
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useCspNonce();
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="h-full bg-slate-50 text-slate-900 antialiased">
        {children}
        <Toasts toast={data?.toast ?? null} closeLabel={sharedCopy.close} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <title>{pageTitle(notFound ? sharedCopy.notFoundTitle : sharedCopy.somethingWentWrong)}</title>
      <main className="flex min-h-full items-center justify-center px-4 py-16">
        {notFound ? <NotFound /> : <ErrorPanel requestId={data?.requestId} />}
      </main>
    </>
  );
}
