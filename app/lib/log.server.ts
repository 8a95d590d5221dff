/** Structured log lines; every server error carries the request id shown to the user. */
export function logError(requestId: string, error: unknown, extra: Record<string, unknown> = {}) {
  const detail = error instanceof Error ? { message: error.message, stack: error.stack } : { error: String(error) };
  console.error(JSON.stringify({ level: "error", requestId, ...detail, ...extra }));
}

export function logInfo(message: string, extra: Record<string, unknown> = {}) {
  console.log(JSON.stringify({ level: "info", message, ...extra }));
}
