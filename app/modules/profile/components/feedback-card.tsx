import { Link } from "@remix-run/react";
import type { Copy } from "~/lib/copy";
import type { FeedbackCard as Card, FeedbackTag } from "../feedback-list.server";

type Words = Copy["feedbackList"];

/** The sender as a page may show it: a name, or 'Anonymous' (shownSenderId gave none). */
export const senderLabel = (card: Pick<Card, "senderName" | "anonymous">, words: Words) =>
  card.anonymous || !card.senderName ? words.anonymous : card.senderName;

export function FeedbackTags({ tags, words }: { tags: FeedbackTag[]; words: Words }) {
  if (tags.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={words.tags}>
      {tags.map((t) => (
        <li
          key={`${t.kind}:${t.id}`}
          className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${
            t.kind === "competency" ? "bg-indigo-50 text-indigo-700" : "bg-slate-100 text-slate-700"
          }`}
        >
          {t.name}
        </li>
      ))}
    </ul>
  );
}

/**
 * One feedback card (002 §2.5 "Feedback card"): type, from, CC (the receiver's managers), tags,
 * sent at, a preview of the first two answers, and Details (a link, so it works without
 * JavaScript: the page opens the item's dialog from `?feedback=<id>`).
 */
export function FeedbackCardView({ card, cc, detailsTo, words }: { card: Card; cc: string[]; detailsTo: string; words: Words }) {
  const titleId = `feedback-${card.id}-title`;
  return (
    <article aria-labelledby={titleId} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-feedback-id={card.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold text-slate-900">
          {card.typeTitle}
        </h3>
        <p className="text-sm text-slate-500">
          <span className="sr-only">{words.sentAt} </span>
          <time dateTime={card.sentDay}>{card.sentDay}</time>
        </p>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-500">{words.from}</dt>
        <dd className="text-slate-900" data-feedback-from>
          {senderLabel(card, words)}
        </dd>
        <dt className="font-medium text-slate-500">{words.cc}</dt>
        <dd className="text-slate-900">{cc.length ? cc.join(", ") : "—"}</dd>
        <dt className="font-medium text-slate-500">{words.tags}</dt>
        <dd>
          <FeedbackTags tags={card.tags} words={words} />
        </dd>
      </dl>
      {card.preview.length > 0 ? (
        <div className="mt-3 space-y-1 border-t border-slate-100 pt-3 text-sm text-slate-700" data-feedback-preview>
          {card.preview.map((entry, i) => (
            <p key={i} className="line-clamp-3 whitespace-pre-line">
              <span className="font-medium text-slate-900">{entry.label}: </span>
              {entry.text}
            </p>
          ))}
        </div>
      ) : null}
      <div className="mt-4">
        <Link
          to={detailsTo}
          preventScrollReset
          data-details-for={card.id}
          className="text-sm font-semibold text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {words.details}
          <span className="sr-only">
            {" "}
            {card.typeTitle} {card.sentDay}
          </span>
        </Link>
      </div>
    </article>
  );
}
