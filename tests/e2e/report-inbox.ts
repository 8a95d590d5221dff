import type { Page } from "@playwright/test";

// Queued reports tell their requester "Your report is ready: {title}" with a link to
// /reports/files/{id}; the demo inbox (/dev/inbox, DEV_SIGN_IN only) shows the messages the
// outbox holds. These helpers read the signed-in person's own messages there.

const INBOX = "/dev/inbox?mine=1";
const FILE_LINK = 'a[href^="/reports/files/"]';

/** The report links of the signed-in person's "Your report is ready: {title}" messages so far. */
export async function readyLinks(page: Page, title: string): Promise<Set<string>> {
  await page.goto(INBOX);
  const hrefs = await page
    .locator("tbody tr")
    .filter({ hasText: `Your report is ready: ${title}` })
    .locator(FILE_LINK)
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return new Set(hrefs.filter(Boolean));
}

/**
 * Polls the inbox (once a second, at most `timeout` ms) until a "Your report is ready: {title}"
 * message with a link not in `known` arrives (the queue consumer runs under wrangler dev); its
 * link. A "Your report could not be made" message for the title fails at once.
 */
export async function readyLink(page: Page, title: string, known: ReadonlySet<string> = new Set(), timeout = 90_000): Promise<string> {
  const deadline = Date.now() + timeout;
  for (;;) {
    await page.goto(INBOX);
    const rows = page.locator("tbody tr").filter({ hasText: `Your report is ready: ${title}` });
    const hrefs = await rows.locator(FILE_LINK).evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    const fresh = hrefs.find((href) => href && !known.has(href));
    if (fresh) return fresh;
    const failed = page.locator("tbody tr").filter({ hasText: "Your report could not be made" }).filter({ hasText: title });
    if ((await failed.count()) > 0) throw new Error(`The report "${title}" could not be made (see the inbox)`);
    if (Date.now() > deadline) throw new Error(`No "Your report is ready: ${title}" message within ${timeout / 1000} s`);
    await page.waitForTimeout(1000);
  }
}
