/**
 * A stable id part made from what a row stands for (SHA-256, first 16 bytes as hex): the same
 * inputs always give the same id, so writing the same thing twice finds the row already there.
 */
export async function stableDigest(text: string): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return [...hash.slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
