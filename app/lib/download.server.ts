/**
 * File downloads answered by a loader: a private attachment the browser saves, never cached by a
 * shared cache (reports name people).
 */

/** `attachment` with an ASCII fallback name and the real one (RFC 6266 filename*). */
export function attachmentHeader(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The headers of a file download. */
export function downloadHeaders(contentType: string, fileName: string): Record<string, string> {
  return { "Content-Type": contentType, "Content-Disposition": attachmentHeader(fileName), "Cache-Control": "private, no-store" };
}
