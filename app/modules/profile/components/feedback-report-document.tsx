import type { Copy } from "~/lib/copy";
import type { FeedbackDetail } from "../feedback-list.server";

type Words = Copy["feedbackList"];

/**
 * A person's filtered feedback as a whole HTML document for the PDF (rendered on the server with
 * renderToStaticMarkup and printed by Browser Rendering): the filters, then each item as its card
 * says it (type, from — 'Anonymous' for an anonymous item —, CC, tags, sent at) with every answer
 * and its focus areas. Inline CSS, no script, nothing to fetch.
 */
export interface FeedbackReportDocumentProps {
  personName: string;
  cc: string[];
  filters: Array<{ label: string; value: string }>;
  items: FeedbackDetail[];
  generatedAt: number;
  words: Words;
  noFeedback: string;
}

const CSS = `
@page { size: A4; }
* { box-sizing: border-box; }
body { margin: 0; font-family: "Helvetica Neue", Arial, "DejaVu Sans", "Liberation Sans", sans-serif; color: #0f172a; font-size: 10.5pt; line-height: 1.4; }
header { border-bottom: 2px solid #6366f1; padding-bottom: 10px; margin-bottom: 14px; }
h1 { font-size: 18pt; margin: 0 0 4px; }
.muted { color: #64748b; font-size: 9pt; margin: 0; }
article { border: 1px solid #e2e8f0; border-radius: 6px; padding: 10px 12px; margin: 0 0 10px; break-inside: avoid; page-break-inside: avoid; }
article h2 { font-size: 12pt; margin: 0; }
.meta { display: grid; grid-template-columns: auto 1fr; gap: 2px 12px; margin: 6px 0; font-size: 9.5pt; }
.meta dt { color: #64748b; }
.meta dd { margin: 0; }
.answers dt { font-weight: 600; margin-top: 4px; }
.answers dd { margin: 0; white-space: pre-wrap; }
.flag { font-size: 8.5pt; color: #334155; }
`;

export function FeedbackReportDocument({ personName, cc, filters, items, generatedAt, words, noFeedback }: FeedbackReportDocumentProps) {
  const heading = words.reportHeading(personName);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{heading}</title>
        <style dangerouslySetInnerHTML={{ __html: CSS }} />
      </head>
      <body>
        <header>
          <h1>{heading}</h1>
          <p className="muted">
            {words.reportFilters}: {filters.length ? filters.map((f) => `${f.label}: ${f.value}`).join("; ") : words.reportAllFeedback}
          </p>
          <p className="muted">
            {words.count(items.length)} · {words.reportGenerated} {new Date(generatedAt).toISOString().slice(0, 16).replace("T", " ")} UTC
          </p>
        </header>
        {items.length === 0 ? <p>{noFeedback}</p> : null}
        {items.map((item) => (
          <article key={item.id}>
            <h2>
              {item.typeTitle} — {item.sentDay}
            </h2>
            <dl className="meta">
              <dt>{words.from}</dt>
              <dd>{item.anonymous || !item.senderName ? words.anonymous : item.senderName}</dd>
              <dt>{words.cc}</dt>
              <dd>{cc.length ? cc.join(", ") : "—"}</dd>
              <dt>{words.tags}</dt>
              <dd>{item.tags.length ? item.tags.map((t) => t.name).join(", ") : "—"}</dd>
            </dl>
            <dl className="answers">
              {item.entries.map((e, i) => (
                <div key={i}>
                  <dt>{e.label}</dt>
                  <dd>{e.text}</dd>
                </div>
              ))}
            </dl>
            {item.dimensions.some((d) => d.focusAreas.length > 0) ? (
              <p className="flag">
                {words.focusAreas}:{" "}
                {item.dimensions
                  .flatMap((d) =>
                    d.focusAreas.map(
                      (f) => `${f.name}${f.strength ? ` (${words.strength})` : ""}${f.suggestion ? ` (${words.suggestionFlag})` : ""}`
                    )
                  )
                  .join(", ")}
              </p>
            ) : null}
          </article>
        ))}
      </body>
    </html>
  );
}
