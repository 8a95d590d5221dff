import { useNavigate, useSubmit } from "@remix-run/react";
import type { FormEvent, MouseEvent } from "react";

/**
 * Client-side navigation for plain `<a>` and `<form>` elements inside a container (a long table).
 *
 * Remix's `<Link>` and `<Form>` each run a dozen hooks while the server renders; a 50-row list
 * with several of them per row spent milliseconds of every request on that alone. Rows render
 * plain elements (which work without JavaScript as they are), and one pair of handlers on the
 * container routes clicks and submissions through Remix once the page is hydrated, so nothing
 * reloads the whole document.
 */
export function useClientNavigation() {
  const navigate = useNavigate();
  const submit = useSubmit();
  return {
    onClick(event: MouseEvent<HTMLElement>) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element).closest?.("a[href]");
      if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return;
      if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download") || anchor.dataset.reload !== undefined) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      navigate(url.pathname + url.search + url.hash);
    },
    onSubmit(event: FormEvent<HTMLElement>) {
      const form = event.target;
      if (event.defaultPrevented || !(form instanceof HTMLFormElement) || form.dataset.reload !== undefined) return;
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      submit(submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : form);
    },
  };
}
