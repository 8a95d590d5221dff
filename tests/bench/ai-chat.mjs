// The assistant's sockets under load (`npm run bench`, key ai-chat-sockets), on the configured
// (embedded) provider, as Initech's super admin asking about their own profile (5,000 people,
// 250,000 feedback items in the company):
//   1. SOCKETS profile-chat sockets are opened at once and held;
//   2. one of them asks SERIAL questions one after another: the first chunk's time alone;
//   3. all SOCKETS ask at the same moment: every reply must complete; first chunk p50/p95 (the target);
//   4. (informative) each socket asks once more, the questions spread evenly over PACED_S seconds.
// The first chunk's time runs from sending ai_chat_message to the first ai_response_chunk (to
// ai_response_complete when a reply is empty).

export const CHAT_SOCKETS = 200;
export const TARGET_FIRST_CHUNK_P95_MS = 100;
const SERIAL = 20;
const PACED_S = 10;
const WAIT_MS = 60_000;

function openSocket(origin, cookie) {
  return new Promise((resolve) => {
    const started = performance.now();
    const ws = new WebSocket(`${origin.replace(/^http/, "ws")}/api/slack-ai/socket.io`, { headers: { Cookie: cookie, Origin: origin } });
    const socket = { ws, connectMs: null, listeners: new Set(), error: null };
    const timer = setTimeout(() => resolve({ ...socket, error: "no greeting" }), WAIT_MS);
    ws.onerror = () => {
      clearTimeout(timer);
      resolve({ ...socket, error: "socket error" });
    };
    ws.onmessage = (message) => {
      const event = JSON.parse(String(message.data));
      if (event.type === "new_chat_message" && socket.connectMs === null) {
        socket.connectMs = performance.now() - started;
        clearTimeout(timer);
        resolve(socket);
      }
      for (const listener of socket.listeners) listener(event);
    };
  });
}

/** One question on an open socket: its first chunk's time and its final status. */
function ask(socket, id, profileId) {
  return new Promise((resolve) => {
    const sentAt = performance.now();
    const result = { firstMs: null, status: null, error: null };
    const timer = setTimeout(() => done("timed out"), WAIT_MS);
    function done(error) {
      clearTimeout(timer);
      socket.listeners.delete(listener);
      result.error = error;
      resolve(result);
    }
    function listener(event) {
      if (event.id !== id) return;
      if ((event.type === "ai_response_chunk" || event.type === "ai_response_complete") && result.firstMs === null) {
        result.firstMs = performance.now() - sentAt;
      }
      if (event.type === "ai_response_complete") {
        result.status = event.status;
        done(null);
      } else if (event.type === "chat_error") done(event.error);
    }
    socket.listeners.add(listener);
    socket.ws.send(JSON.stringify({ type: "ai_chat_message", id, inputMessage: "Summarise my recent feedback", inputMetaData: { profileId } }));
  });
}

export async function chatSocketsRun({ origin, cookie, profileId, percentile }) {
  const sockets = await Promise.all(Array.from({ length: CHAT_SOCKETS }, () => openSocket(origin, cookie)));
  const open = sockets.filter((s) => !s.error);
  const connects = open.map((s) => s.connectMs).sort((a, b) => a - b);
  const serial = [];
  if (open[0]) {
    for (let i = 0; i < SERIAL; i++) {
      const r = await ask(open[0], `serial-${i}`, profileId);
      if (r.firstMs !== null) serial.push(r.firstMs);
    }
  }
  serial.sort((a, b) => a - b);
  const started = performance.now();
  const results = await Promise.all(open.map((socket, index) => ask(socket, `burst-${index}`, profileId)));
  const seconds = (performance.now() - started) / 1000;
  const paced = await Promise.all(
    open.map(
      (socket, index) =>
        new Promise((resolve) => setTimeout(() => resolve(ask(socket, `paced-${index}`, profileId)), (index * PACED_S * 1000) / open.length))
    )
  );
  for (const socket of open) socket.ws.close();
  const pacedFirsts = paced.filter((r) => r.firstMs !== null).map((r) => r.firstMs).sort((a, b) => a - b);
  const firsts = results.filter((r) => r.firstMs !== null).map((r) => r.firstMs).sort((a, b) => a - b);
  const errors = {};
  for (const r of [...sockets, ...results]) if (r.error) errors[r.error] = (errors[r.error] ?? 0) + 1;
  return {
    sockets: CHAT_SOCKETS,
    opened: open.length,
    connectP95: connects.length ? percentile(connects, 95) : NaN,
    aloneP50: serial.length ? percentile(serial, 50) : NaN,
    complete: results.filter((r) => r.status === "complete").length,
    p50: firsts.length ? percentile(firsts, 50) : NaN,
    p95: firsts.length ? percentile(firsts, 95) : NaN,
    seconds,
    pacedComplete: paced.filter((r) => r.status === "complete").length,
    pacedP95: pacedFirsts.length ? percentile(pacedFirsts, 95) : NaN,
    errors,
  };
}

export function chatSocketsChecks(run, ms) {
  const errors = Object.entries(run.errors).map(([e, n]) => `${n} × ${e}`).join(", ");
  const paced = [
    `(informative) the same ${run.opened} sockets each asking once more, spread over ${PACED_S} s (${(run.opened / PACED_S).toFixed(0)} questions/s): ${
      run.pacedComplete
    } complete, first chunk p95 ${ms(run.pacedP95)} ms`,
    null,
  ];
  return [paced, [
    `${run.sockets} assistant sockets at once (${run.opened} opened, greeting p95 ${ms(run.connectP95)} ms), all asking at the same moment: ${
      run.complete
    } replies complete in ${run.seconds.toFixed(1)} s; first chunk p50 ${ms(run.p50)} ms, p95 ${ms(run.p95)} ms; one question alone ${ms(
      run.aloneP50
    )} ms (target: every reply complete, p95 < ${TARGET_FIRST_CHUNK_P95_MS} ms)${errors ? `; ${errors}` : ""}`,
    run.complete === run.sockets && run.p95 < TARGET_FIRST_CHUNK_P95_MS,
  ]];
}
