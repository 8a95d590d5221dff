import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { auditEvents, companies, sessions } from "~/db/schema";
import type { Viewer } from "~/modules/auth/session.server";

/** Company settings change and its audit row are written together or not at all. */
export async function saveColorScale(context: AppLoadContext, viewer: Viewer, colorScale: "default" | "reverse") {
  const companyId = viewer.company.id;
  await context.db.batch([
    context.db.update(companies).set({ analyticsColorScale: colorScale }).where(eq(companies.id, companyId)),
    context.db.insert(auditEvents).values({
      companyId,
      actorId: viewer.user.id,
      action: "company.settings.updated",
      entityType: "company",
      entityId: companyId,
      data: { analyticsColorScale: { from: viewer.company.analyticsColorScale, to: colorScale } },
      requestId: context.requestId,
    }),
  ]);
}

/** The view is a property of the session (a super admin may use two devices in two views). */
export async function saveView(context: AppLoadContext, viewer: Viewer, view: "USER" | "ADMIN") {
  await context.db
    .update(sessions)
    .set({ view })
    .where(and(eq(sessions.id, viewer.sessionId), eq(sessions.companyId, viewer.company.id), eq(sessions.userId, viewer.user.id)));
}
