import { httpLink } from "~/modules/notifications/adapter-kit.server";

/** Text people wrote, shown as written in Slack's mrkdwn (no mentions, links or formatting injected). */
export const escapeSlack = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** Only an http(s) link, with the characters that end a Slack link (`|`, `>`) or open one encoded. */
export function safeSlackUrl(link: string | null | undefined): string | null {
  return httpLink(link)?.replaceAll("|", "%7C").replaceAll("<", "%3C").replaceAll(">", "%3E") ?? null;
}
