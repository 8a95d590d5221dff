import { data, type MetaFunction } from "@remix-run/cloudflare";
import { pageTitle, sharedCopy } from "~/lib/copy";
import { NotFound } from "~/ui/not-found";

// Both /404 and the "*" splat answer HTTP 404, so crawlers and monitors see a missing page.
export function loader() {
  return data(null, { status: 404 });
}

export const meta: MetaFunction = () => [{ title: pageTitle(sharedCopy.notFoundTitle) }];

export default function NotFoundPage() {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <NotFound />
    </main>
  );
}
