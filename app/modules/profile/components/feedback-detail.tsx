import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { Copy } from "~/lib/copy";
import { buttonClass } from "~/ui/button";
import { useHydrated } from "~/ui/use-hydrated";
import type { FeedbackDetail } from "../feedback-list.server";
import { FeedbackTags, senderLabel } from "./feedback-card";

type Words = Copy["feedbackList"];

/**
 * The feedback detail dialog (002 §2.5 "Clicking a row opens a feedback detail dialog"): a page
 * state, `?feedback=<id>`. With JavaScript a Headless UI dialog (focus moves in, Escape closes,
 * focus goes back to the Details link); without it a dialog panel rendered by the server above
 * the list, with a Close link back to the list. The Headless UI dialog is not part of the profile
 * page's first load: the tab loads it once the page is interactive (`preloadDetailDialog`), and the
 * server's panel stands in should Details be opened before it arrives.
 */
export function FeedbackDetailDialog({
  detail,
  cc,
  closeTo,
  words,
  closeLabel,
}: {
  detail: FeedbackDetail;
  cc: string[];
  closeTo: string;
  words: Words;
  closeLabel: string;
}) {
  const hydrated = useHydrated();
  const Modal = useModal();
  const navigate = useNavigate();
  const close = () => navigate(closeTo, { preventScrollReset: true, replace: true });
  // Back to the Details link the dialog came from, also when it was opened by loading its URL:
  // once the dialog is gone (the list's answer can arrive after Headless UI has put focus back
  // where it was before the dialog, which is nowhere when the page was loaded with it open).
  const modalShown = hydrated && Modal !== null;
  useEffect(() => {
    if (!modalShown) return;
    return () => {
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-details-for="${CSS.escape(detail.id)}"]`)?.focus());
    };
  }, [modalShown, detail.id]);
  if (hydrated && Modal) {
    return (
      <Modal open onClose={close} title={detail.typeTitle} description={<time dateTime={detail.sentDay}>{detail.sentDay}</time>} size="lg">
        <FeedbackDetailBody detail={detail} cc={cc} words={words} />
        <div className="mt-6 flex justify-end">
          <button type="button" onClick={close} className={buttonClass("secondary")}>
            {closeLabel}
          </button>
        </div>
      </Modal>
    );
  }
  return (
    <section role="dialog" aria-labelledby="feedback-detail-title" className="rounded-lg border border-indigo-200 bg-white p-6 shadow-md" data-feedback-detail>
      <h2 id="feedback-detail-title" className="text-lg font-semibold text-slate-900">
        {detail.typeTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        <time dateTime={detail.sentDay}>{detail.sentDay}</time>
      </p>
      <FeedbackDetailBody detail={detail} cc={cc} words={words} />
      <div className="mt-6 flex justify-end">
        <Link to={closeTo} preventScrollReset className={buttonClass("secondary")}>
          {closeLabel}
        </Link>
      </div>
    </section>
  );
}

type ModalComponent = (typeof import("~/ui/dialog"))["Modal"];
let loadedModal: ModalComponent | null = null;

/** Loads the Headless UI dialog once (the tab calls it when it is shown). */
export function preloadDetailDialog(): Promise<ModalComponent> {
  return import("~/ui/dialog").then((m) => (loadedModal = m.Modal));
}

function useModal(): ModalComponent | null {
  const [modal, setModal] = useState(() => loadedModal);
  useEffect(() => {
    if (!modal) void preloadDetailDialog().then((m) => setModal(() => m));
  }, [modal]);
  return modal;
}

function FeedbackDetailBody({ detail, cc, words }: { detail: FeedbackDetail; cc: string[]; words: Words }) {
  const withSuggestions = detail.dimensions.flatMap((d) => d.focusAreas).filter((f) => f.suggestions.length > 0);
  return (
    <div className="mt-4 space-y-5 text-sm" data-feedback-detail-body>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-500">{words.from}</dt>
        <dd className="text-slate-900">{senderLabel(detail, words)}</dd>
        <dt className="font-medium text-slate-500">{words.cc}</dt>
        <dd className="text-slate-900">{cc.length ? cc.join(", ") : "—"}</dd>
        <dt className="font-medium text-slate-500">{words.tags}</dt>
        <dd>
          <FeedbackTags tags={detail.tags} words={words} />
        </dd>
      </dl>
      <section aria-labelledby="feedback-detail-answers">
        <h3 id="feedback-detail-answers" className="font-semibold text-slate-900">
          {words.answers}
        </h3>
        <dl className="mt-2 space-y-3">
          {detail.entries.map((entry, i) => (
            <div key={i}>
              <dt className="font-medium text-slate-700">{entry.label}</dt>
              <dd className="mt-0.5 whitespace-pre-line text-slate-900">{entry.text}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="feedback-detail-dimensions">
        <h3 id="feedback-detail-dimensions" className="font-semibold text-slate-900">
          {words.dimensions}
        </h3>
        {detail.dimensions.length === 0 ? (
          <p className="mt-1 text-slate-500">{words.noTags}</p>
        ) : (
          <ul className="mt-2 space-y-3">
            {detail.dimensions.map((d) => (
              <li key={d.id}>
                <p className="font-medium text-slate-900">{d.name}</p>
                {d.focusAreas.length > 0 ? (
                  <ul className="mt-1 flex flex-wrap gap-1.5" aria-label={`${words.focusAreas}: ${d.name}`}>
                    {d.focusAreas.map((f) => (
                      <li key={f.id} className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800">
                        {f.name}
                        {f.strength ? <span className="rounded bg-emerald-100 px-1 font-semibold text-emerald-800">{words.strength}</span> : null}
                        {f.suggestion ? <span className="rounded bg-amber-100 px-1 font-semibold text-amber-800">{words.suggestionFlag}</span> : null}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      {withSuggestions.length > 0 ? (
        <section aria-labelledby="feedback-detail-suggestions">
          <h3 id="feedback-detail-suggestions" className="font-semibold text-slate-900">
            {words.suggestions}
          </h3>
          <ul className="mt-2 space-y-2">
            {withSuggestions.flatMap((f) =>
              f.suggestions.map((s, i) => (
                <li key={`${f.id}-${i}`}>
                  <p className="font-medium text-slate-900">
                    {s.url ? (
                      <a href={s.url} target="_blank" rel="noopener noreferrer" className="text-indigo-700 hover:underline">
                        {s.title || s.url}
                      </a>
                    ) : (
                      s.title || f.name
                    )}
                  </p>
                  {s.desc || s.text ? <p className="text-slate-700">{s.desc || s.text}</p> : null}
                </li>
              ))
            )}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
