/**
 * Reading newline-delimited JSON as it arrives (the super admin's streamed download, 000 §7):
 * one JSON array per line, a line possibly split across chunks (and a character across bytes).
 * Client-safe; `onRows` is told the running count of lines read.
 */
export async function readNdjsonRows(body: ReadableStream<Uint8Array>, onRows?: (count: number) => void): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let rest = "";
  for (;;) {
    const { done, value } = await reader.read();
    // `stream`: a character cut between two chunks waits for its other bytes.
    rest += value ? decoder.decode(value, { stream: !done }) : decoder.decode();
    const lines = rest.split("\n");
    rest = done ? "" : lines.pop() ?? "";
    for (const line of lines) if (line) rows.push(JSON.parse(line) as unknown[]);
    onRows?.(rows.length);
    if (done) return rows;
  }
}
