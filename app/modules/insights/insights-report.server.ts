import { and, eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { departments, users } from "~/db/schema";
import { personOfUser } from "~/modules/auth/session.server";
import type { ProfileTabArgs } from "~/modules/profile/tab-args";
import { queueReportAnswer, type ReportBuilder, type ReportBuilders, type ReportRow } from "~/modules/reports/generated.server";
import { PDF_CONTENT_TYPE, renderPdf } from "~/modules/reports/pdf.server";
import { InsightsReportDocument } from "./components/insights-report-document";
import { dayString, parseInsightsFilters, rangeEnd, validDay } from "./filters";
import { mayReadPersonalInsights, personalInsights } from "./insights.server";

/**
 * A person's Feedback Insights as a PDF (002 §2.5: "a Download button (PDF, personal insights
 * only)"), queued like the review reports. Scope {personId, startDate, endDate}: the range is
 * fixed when it is asked for, so the file shows what the page showed. Who may download it is the
 * page's rule, checked when it is asked for and again at download (mayReadPersonalInsights).
 */

export const INSIGHTS_PDF = "insights-pdf";

const Scope = z.object({
  personId: z.string().min(1).max(200),
  startDate: z.string().refine((d) => validDay(d) === d),
  endDate: z.string().refine((d) => validDay(d) === d),
});

const scopeOf = (report: Pick<ReportRow, "scope">) => {
  const parsed = Scope.safeParse(report.scope);
  return parsed.success ? parsed.data : null;
};

export const insightsReportTitle = (name: string) => `${name} - Feedback Insights`;

/** The profile's "download-insights" form: the page's filters, queued as the person's report. */
export async function downloadPersonalInsights(args: ProfileTabArgs, query: string): Promise<Response> {
  const { context, viewer, person, basePath } = args;
  const back = `${basePath}/feedback-insights${query ? `?${new URLSearchParams(query)}` : ""}`;
  if (!(await mayReadPersonalInsights(context.db, viewer, person.id))) throw new Response("Not Found", { status: 404 });
  const today = dayString(new Date());
  const filters = parseInsightsFilters(new URLSearchParams(query), { kind: "personalInsights", platform: viewer.company.platform, today });
  return queueReportAnswer(
    context,
    viewer,
    {
      kind: INSIGHTS_PDF,
      title: insightsReportTitle(person.name),
      scope: { personId: person.id, startDate: filters.startDate, endDate: rangeEnd(filters, today) },
    },
    { request: args.request, back }
  );
}

async function loadPerson(db: Db, companyId: string, personId: string) {
  const [row] = await db
    .select({
      name: users.name,
      title: users.title,
      departmentName: sql<string | null>`${departments.name}`.as("department_name"),
    })
    .from(users)
    .leftJoin(departments, and(eq(departments.id, users.departmentId), eq(departments.companyId, users.companyId)))
    .where(and(eq(users.id, personId), eq(users.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

export function insightsReportHtml(props: Parameters<typeof InsightsReportDocument>[0]) {
  return `<!doctype html>${renderToStaticMarkup(createElement(InsightsReportDocument, props))}`;
}

/** What the PDF shows: the person and their figures for the report's range, read as the requester is now. */
export async function insightsReportContent(db: Db, report: Pick<ReportRow, "id" | "companyId" | "requestedBy" | "scope">) {
  const scope = scopeOf(report);
  if (!scope) throw new Error(`insights-pdf ${report.id}: scope is not {personId, startDate, endDate}`);
  const person = await loadPerson(db, report.companyId, scope.personId);
  if (!person) throw new Error(`insights-pdf ${report.id}: the person no longer exists`);
  // Their permissions included: someone who lost access gets no figures.
  const requester = await personOfUser(db, report.companyId, report.requestedBy);
  if (!requester) throw new Error(`insights-pdf ${report.id}: the requester is no longer a person of the company`);
  const filters = { startDate: scope.startDate, endDate: scope.endDate, scope: "group" as const, groupIds: [] };
  const insights = await personalInsights(db, requester, scope.personId, filters, scope.endDate);
  return { person, range: { startDate: scope.startDate, endDate: scope.endDate }, insights };
}

export const insightsPdfBuilder: ReportBuilder = {
  async build(env, db, report) {
    const { person, range, insights } = await insightsReportContent(db, report);
    const pdf = await renderPdf(env, insightsReportHtml({ person, range, insights, generatedAt: Date.now() }));
    return { name: `${insightsReportTitle(person.name)} ${range.startDate} to ${range.endDate}.pdf`, contentType: PDF_CONTENT_TYPE, body: pdf };
  },
  async mayView(context, viewer, report) {
    const scope = scopeOf(report);
    return Boolean(scope && (await mayReadPersonalInsights(context.db, viewer, scope.personId)));
  },
};

export const INSIGHTS_REPORT_BUILDERS = { [INSIGHTS_PDF]: insightsPdfBuilder } satisfies Partial<ReportBuilders>;
