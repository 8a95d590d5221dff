import { sql } from "drizzle-orm";
import { d1Statement, type Db } from "~/db/client.server";
import { groupsToHide, meetsAnonymityMinimum } from "~/modules/access/anonymity";
import type { ChoiceBlock, SurveyBlock } from "./blocks";
import { NO_DEPARTMENT, scaleColor, type ColorScale, type InsightCell, type InsightRow, type InsightsResult } from "./report";
import { closedRunMemo, type ReportRun } from "./report.server";

/**
 * Survey insights by department (001 §2): for each choice question of a run, the
 * average chosen value per department, computed in SQL (survey_answers grouped by question and
 * department; responses grouped by department for the anonymity minimum).
 *
 * On an anonymous run the departments are groups of one breakdown whose total the survey report
 * shows (counts per choice over every response), so hiding only the departments below the
 * minimum would let anyone subtract the shown ones from the report and read the rest — one
 * person's answers when a department has one respondent. groupsToHide (access/anonymity.ts)
 * hides the small ones and then the next smallest until the hidden ones are at least two and
 * hold at least the minimum of people; responses without a department are a group like any
 * other. Hidden departments are left out entirely (no name, count or value leaves this module),
 * and a run below the minimum overall shows nothing. The minimum is run.minimum: the company's
 * floor raised by the run's own. An open anonymous run shows no departments, even with live results.
 */

function choiceQuestions(blocks: SurveyBlock[]): ChoiceBlock[] {
  return blocks.flatMap((b) => (b.type === "group" ? b.questions : [b])).filter((q): q is ChoiceBlock => q.type === "choice");
}

export async function runInsights(db: Db, companyId: string, run: ReportRun, scale: ColorScale): Promise<InsightsResult> {
  const runRef = sql`(SELECT id FROM survey_runs WHERE id = ${run.id} AND company_id = ${companyId})`;
  // An anonymous run's departments show once it is closed, live results or not: two views of a
  // department taken as answers come in would differ by whoever answered in between, however few.
  const visible = run.state === "closed" || (run.liveResults && !run.anonymous);
  // A closed run's aggregates are kept once computed (closedRunMemo); department names are read each time.
  const [[responseRows, answerRows], nameRows] = await Promise.all([
    closedRunMemo("insights", companyId, run, () =>
      db.$client.batch(
        [
          // Covered by survey_responses_run (run_id, department_id).
          sql`SELECT department_id, COUNT(*) AS n FROM survey_responses WHERE run_id = ${runRef} GROUP BY department_id`,
          visible
            ? sql`SELECT block_id, department_id, AVG(value_num) AS avg FROM survey_answers
              WHERE run_id = ${runRef} AND value_num IS NOT NULL GROUP BY block_id, department_id`
            : sql`SELECT NULL AS block_id, NULL AS department_id, NULL AS avg WHERE 0`,
        ].map((s) => d1Statement(db, s))
      )
    ),
    d1Statement(db, sql`SELECT id, name FROM departments WHERE company_id = ${companyId}`).all(),
  ]);
  // In id order, so which of two equal departments is hidden does not depend on how D1 grouped them.
  const perDepartment = (responseRows.results as Array<{ department_id: string | null; n: number }>)
    .map((r) => ({ id: r.department_id ?? "", responses: Number(r.n) }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const total = perDepartment.reduce((sum, d) => sum + d.responses, 0);
  const empty: InsightsResult = { status: "empty", departments: [], rows: [], hidden: 0 };
  if (!visible) return { ...empty, status: "closed-only" };
  if (run.anonymous && !meetsAnonymityMinimum(total, run.minimum)) return { ...empty, status: "withheld" };

  const names = new Map((nameRows.results as Array<{ id: string; name: string }>).map((r) => [r.id, r.name]));
  const hidden = run.anonymous
    ? groupsToHide(
        perDepartment.map((d) => ({ key: d.id, count: d.responses })),
        run.minimum
      )
    : new Set<string>();
  const shown = perDepartment.filter((d) => !hidden.has(d.id));
  const departments = shown
    .map((d) => ({ ...d, name: d.id ? names.get(d.id) ?? NO_DEPARTMENT : NO_DEPARTMENT }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  const averages = new Map<string, number>();
  for (const r of answerRows.results as Array<{ block_id: string; department_id: string | null; avg: number }>) {
    averages.set(`${r.block_id}\u0000${r.department_id ?? ""}`, Number(r.avg));
  }
  const rows: InsightRow[] = [];
  for (const q of choiceQuestions(run.blocks)) {
    const values = q.choices.map((c) => c.value);
    if (values.length === 0) continue;
    const min = Math.min(...values);
    const max = Math.max(...values);
    const cells = departments.map((d): InsightCell => {
      const avg = averages.get(`${q.id}\u0000${d.id}`);
      if (avg === undefined) return { departmentId: d.id, value: null, color: null, textColor: null };
      const { background, text } = scaleColor(max === min ? 1 : (avg - min) / (max - min), scale);
      return { departmentId: d.id, value: Math.round(avg * 100) / 100, color: background, textColor: text };
    });
    if (cells.some((c) => c.value !== null)) rows.push({ id: q.id, question: q.label, min, max, departments: cells });
  }
  if (departments.length === 0 || rows.length === 0) return { ...empty, hidden: hidden.size };
  return { status: "ready", departments, rows, hidden: hidden.size };
}
