import type { MetaFunction } from "@remix-run/cloudflare";
import { msteamsCopy } from "~/lib/copy";
import { TabStartPage } from "~/modules/msteams/components/tab-start-page";

/** The Teams personal tab's contentUrl (chat-apps/msteams/manifest.json): single sign-on, then /tab. */
export const meta: MetaFunction = () => [{ title: msteamsCopy.tabTitle }];

export function headers() {
  return { "Cache-Control": "no-store" };
}

export default function MsteamsTabStart() {
  return <TabStartPage />;
}
