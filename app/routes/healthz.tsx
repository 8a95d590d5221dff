import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { pingDatabase } from "~/lib/health.server";
import { logError } from "~/lib/log.server";

/** Liveness and D1 reachability for monitors; no session needed, no data disclosed. */
export async function loader({ context }: LoaderFunctionArgs) {
  try {
    await pingDatabase(context.db);
    return json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    logError(context.requestId, error, { check: "healthz" });
    return json({ ok: false }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
