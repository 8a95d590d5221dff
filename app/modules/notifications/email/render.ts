import { sharedCopy } from "~/lib/copy";
import { httpLink, type OutboundMessage } from "../adapter-kit.server";
import { offersGiveFeedback } from "../kinds";

/** The same buttons as the chat messages, in the same words. */
const words = sharedCopy.slackApp;

/**
 * An outbox row as an e-mail: the subject, an HTML body laid out for mail clients (tables and
 * inline styles: many clients drop <style> and ignore flexbox) and the same content as plain text.
 * Subjects, bodies and names are what people typed: every one is HTML-escaped, and links are
 * ours (absolute http(s) addresses) or left out.
 */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}


export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** A header value on one line (a subject typed with line breaks must not start new headers). */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, " ").trim();

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p style="margin:0 0 12px 0;">${escapeHtml(p).replaceAll("\n", "<br>")}</p>`)
    .join("");

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";

function button(href: string, label: string, primary: boolean): string {
  const colours = primary ? "background:#4f46e5;color:#ffffff;border:1px solid #4f46e5;" : "background:#ffffff;color:#3730a3;border:1px solid #c7d2fe;";
  return (
    `<td style="padding:0 8px 8px 0;"><a href="${escapeHtml(href)}" style="${FONT}${colours}display:inline-block;` +
    `padding:10px 18px;border-radius:6px;font-size:14px;font-weight:600;text-decoration:none;">${escapeHtml(label)}</a></td>`
  );
}

interface Action {
  label: string;
  href: string;
}

function actionsOf(message: OutboundMessage, appUrl: string): Action[] {
  const actions: Action[] = [];
  const link = httpLink(message.link);
  if (link) actions.push({ label: words.open, href: link });
  if (offersGiveFeedback(message.kind)) actions.push({ label: words.giveFeedback, href: new URL("/feedback/give", appUrl).toString() });
  if (message.snoozable) actions.push({ label: words.snooze, href: new URL("/notifications/snooze", appUrl).toString() });
  return actions;
}

export function renderEmail(message: OutboundMessage, appUrl: string): RenderedEmail {
  const subject = oneLine(message.subject) || "Pulseboard";
  const actions = actionsOf(message, appUrl);
  const items = (message.items ?? []).map((item) => ({ ...item, link: httpLink(item.link) }));

  const text = [
    subject,
    "",
    message.body.trim(),
    ...items.flatMap((item) => ["", `- ${oneLine(item.subject)}`, ...(item.body.trim() ? [`  ${item.body.trim().replace(/\n/g, "\n  ")}`] : []), ...(item.link ? [`  Open: ${item.link}`] : [])]),
    ...(actions.length ? ["", ...actions.map((a) => `${a.label}: ${a.href}`)] : []),
    "",
    "-- ",
    `Sent by Pulseboard to ${message.recipient.name}.`,
  ].join("\n");

  const itemRows = items
    .map(
      (item) =>
        `<tr><td style="${FONT}padding:12px 0;border-top:1px solid #e5e7eb;font-size:14px;line-height:20px;color:#111827;">` +
        `<div style="font-weight:600;margin:0 0 4px 0;">${escapeHtml(oneLine(item.subject))}</div>` +
        (item.body.trim() ? `<div style="color:#374151;margin:0 0 6px 0;">${escapeHtml(item.body.trim()).replaceAll("\n", "<br>")}</div>` : "") +
        (item.link ? `<a href="${escapeHtml(item.link)}" style="color:#4338ca;font-weight:600;text-decoration:underline;">Open</a>` : "") +
        `</td></tr>`
    )
    .join("");

  const html =
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f3f4f6;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f4f6;"><tr><td align="center" style="padding:24px 12px;">` +
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;width:100%;background:#ffffff;border:1px solid #e5e7eb;border-radius:8px;">` +
    `<tr><td style="${FONT}padding:20px 24px 0 24px;font-size:13px;font-weight:700;letter-spacing:0.04em;color:#4f46e5;text-transform:uppercase;">Pulseboard</td></tr>` +
    `<tr><td style="${FONT}padding:8px 24px 0 24px;font-size:20px;line-height:28px;font-weight:700;color:#111827;">${escapeHtml(subject)}</td></tr>` +
    `<tr><td style="${FONT}padding:12px 24px 0 24px;font-size:15px;line-height:22px;color:#374151;">${paragraphs(message.body)}</td></tr>` +
    (itemRows
      ? `<tr><td style="padding:0 24px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${itemRows}</table></td></tr>`
      : "") +
    (actions.length
      ? `<tr><td style="padding:12px 24px 8px 24px;"><table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>` +
        actions.map((a, i) => button(a.href, a.label, i === 0)).join("") +
        `</tr></table></td></tr>`
      : "") +
    `<tr><td style="${FONT}padding:16px 24px 20px 24px;font-size:12px;line-height:18px;color:#6b7280;border-top:1px solid #f3f4f6;">` +
    `Sent by Pulseboard to ${escapeHtml(message.recipient.name)}.` +
    `</td></tr>` +
    `</table></td></tr></table></body></html>`;

  return { subject, html, text };
}
