import puppeteer from "@cloudflare/puppeteer";

/**
 * HTML to PDF with Browser Rendering (the BROWSER binding, @cloudflare/puppeteer). In production
 * that is Cloudflare's headless Chrome; locally wrangler dev drives Debian's Chromium, wired in by
 * scripts/local-browser.mjs (no browser download). The HTML is a whole document made by the
 * Worker itself (inline CSS and SVG charts, no script, no outside request), set with setContent,
 * so the page has nothing to fetch and JavaScript stays off.
 */
export const PDF_CONTENT_TYPE = "application/pdf";

export class PdfUnavailable extends Error {}

export async function renderPdf(env: Pick<Env, "BROWSER">, html: string, options: { landscape?: boolean } = {}): Promise<Uint8Array> {
  if (!env.BROWSER) throw new PdfUnavailable("Browser Rendering (the BROWSER binding) is not configured");
  const browser = await puppeteer.launch(env.BROWSER);
  try {
    const page = await browser.newPage();
    await page.setJavaScriptEnabled(false);
    await page.setContent(html, { waitUntil: "load" });
    const pdf = await page.pdf({
      format: "A4",
      landscape: options.landscape ?? false,
      printBackground: true,
      margin: { top: "16mm", bottom: "16mm", left: "14mm", right: "14mm" },
    });
    return new Uint8Array(pdf);
  } finally {
    await browser.close();
  }
}
