import { sharedCopy } from "~/lib/copy";
import { buttonClass } from "./button";
import { postHomeView, useFramed } from "./use-hydrated";

/**
 * The not-found page (002 §2.2). 'Go back home' is a link to "/" so it works without
 * JavaScript; inside a Teams/Slack frame it instead asks the host to show its home view.
 */
export function NotFound() {
  const framed = useFramed();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-6 py-16 text-center">
      <p className="text-5xl font-bold tracking-tight text-indigo-600">404</p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight text-slate-900">{sharedCopy.notFoundTitle}</h1>
      <p className="mt-2 text-base text-slate-600">{sharedCopy.notFoundBody}</p>
      <a
        href="/"
        className={buttonClass("primary", "mt-8")}
        onClick={(event) => {
          if (!framed) return;
          event.preventDefault();
          postHomeView();
        }}
      >
        {sharedCopy.goBackHome}
      </a>
    </div>
  );
}
