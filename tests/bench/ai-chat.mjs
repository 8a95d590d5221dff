// The assistant's sockets under load (`npm run bench`, key ai-chat-sockets): SOCKETS profile chats
// of Initech's super admin opened at once on the configured (embedded) provider, each asking one
// question about the admin's own profile. Every reply must complete; the figure is the time from
// sending the question to its first ai_response_chunk (to ai_response_complete for an empty reply).

export const CHAT_SOCKETS = 200;
export const TARGET_FIRST_CHUNK_P95_MS = 100;
const WAIT_MS = 60_000;

/** One socket's run: connect, wait for the greeting, ask, time the first chunk, wait for completion. */
function oneChat({ origin, cookie, profileId, index }) {
  return new Promise((resolve) => {
    const url = `${origin.replace(/^http/, "ws")}/api/slack-ai/socket.io`;
    const ws = new WebSocket(url, { headers: { Cookie: cookie, Origin: origin } });
    const result = { opened: false, firstMs: null, status: null, error: null };
    let sentAt = 0;
    const timer = setTimeout(() => finish("timed out"), WAIT_MS);
    function finish(error) {
      clearTimeout(timer);
      if (error && !result.error) result.error = error;
      try {
        ws.close();
      } catch {
        // already closed
      }
      resolve(result);
    }
    ws.onerror = () => finish("socket error");
    ws.onclose = () => finish(result.status ? null : "closed before the reply completed");
    ws.onmessage = (message) => {
      const event = JSON.parse(String(message.data));
      if (event.type === "new_chat_message") {
        result.opened = true;
        sentAt = performance.now();
        ws.send(JSON.stringify({ type: "ai_chat_message", id: `bench-${index}`, inputMessage: "Summarise my recent feedback", inputMetaData: { profileId } }));
      } else if ((event.type === "ai_response_chunk" || event.type === "ai_response_complete") && result.firstMs === null) {
        result.firstMs = performance.now() - sentAt;
      }
      if (event.type === "ai_response_complete") {
        result.status = event.status;
        finish(null);
      } else if (event.type === "chat_error") {
        finish(event.error);
      }
    };
  });
}

export async function chatSocketsRun({ origin, cookie, profileId, percentile }) {
  const started = performance.now();
  const results = await Promise.all(Array.from({ length: CHAT_SOCKETS }, (_, index) => oneChat({ origin, cookie, profileId, index })));
  const seconds = (performance.now() - started) / 1000;
  const firsts = results.filter((r) => r.firstMs !== null).map((r) => r.firstMs).sort((a, b) => a - b);
  const errors = {};
  for (const r of results) if (r.error) errors[r.error] = (errors[r.error] ?? 0) + 1;
  return {
    sockets: CHAT_SOCKETS,
    opened: results.filter((r) => r.opened).length,
    complete: results.filter((r) => r.status === "complete").length,
    p50: firsts.length ? percentile(firsts, 50) : NaN,
    p95: firsts.length ? percentile(firsts, 95) : NaN,
    seconds,
    errors,
  };
}

export function chatSocketsCheck(run, ms) {
  const errors = Object.entries(run.errors).map(([e, n]) => `${n} × ${e}`).join(", ");
  return [
    `${run.sockets} assistant sockets at once: ${run.opened} opened, ${run.complete} replies complete in ${run.seconds.toFixed(1)} s; first chunk p50 ${ms(
      run.p50
    )} ms, p95 ${ms(run.p95)} ms (target: every reply complete, p95 < ${TARGET_FIRST_CHUNK_P95_MS} ms)${errors ? `; ${errors}` : ""}`,
    run.complete === run.sockets && run.p95 < TARGET_FIRST_CHUNK_P95_MS,
  ];
}
