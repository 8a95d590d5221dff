import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { auditEvents, companies, sessions } from "~/db/schema";
import type { Viewer } from "~/modules/auth/session.server";

export interface CompanySettings {
  colorScale: "default" | "reverse";
  anonymityFloor: number;
}

/** Company settings change and its audit row are written together or not at all. */
export async function saveCompanySettings(context: AppLoadContext, viewer: Viewer, settings: CompanySettings) {
  const companyId = viewer.company.id;
  const { colorScale, anonymityFloor } = settings;
  await context.db.batch([
    context.db.update(companies).set({ analyticsColorScale: colorScale, anonymityFloor }).where(eq(companies.id, companyId)),
    context.db.insert(auditEvents).values({
      companyId,
      actorId: viewer.user.id,
      action: "company.settings.updated",
      entityType: "company",
      entityId: companyId,
      data: {
        analyticsColorScale: { from: viewer.company.analyticsColorScale, to: colorScale },
        anonymityFloor: { from: viewer.company.anonymityFloor, to: anonymityFloor },
      },
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
