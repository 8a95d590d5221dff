import { env } from "cloudflare:workers";
import { choicesFor } from "~/modules/blocks/scales";
import type { ChoiceBlock, SurveyAnswers, SurveyBlock } from "~/modules/surveys/blocks";

/**
 * Survey runs with known answers for the report and insights tests, written as a submission
 * writes them (answers.ts / the answers contract): survey_responses with the SurveyAnswers JSON
 * and one survey_answers row per answered question (one per chosen choice with multiple answers,
 * the comment on the first; Not Applicable one row with not_applicable = 1).
 */

const choice = (id: string, label: string, family: ChoiceBlock["selectedOption"], extra: Partial<ChoiceBlock> = {}): ChoiceBlock => ({
  id,
  type: "choice",
  label,
  selectedOption: family,
  choices: choicesFor(family),
  required: false,
  dropdown: false,
  multipleAnswers: false,
  commentBox: false,
  commentBoxGuide: "",
  track: false,
  ...extra,
});

export const TEST_BLOCKS: SurveyBlock[] = [
  { id: "q-intro", type: "static-text", value: "Welcome" },
  choice("q-nps", "How likely are you to recommend us?", "nps", { commentBox: true, commentBoxGuide: "Why?" }),
  {
    id: "q-group",
    type: "group",
    label: "Work",
    description: "",
    questions: [
      choice("q-agree", "I have the tools I need.", "agree-disagree-5", { notApplicable: true }),
      choice("q-multi", "Which matter most?", "custom", {
        multipleAnswers: true,
        choices: [
          { text: "A", value: 0 },
          { text: "B", value: 1 },
          { text: "C", value: 2 },
        ],
      }),
    ],
  },
  { id: "q-text", type: "text-input", label: "Anything else?", placeholder: "", required: false },
];

/** Ten Acme respondents and their departments (app/db/seed/demo.ts). */
export const RESPONDENTS = ["alice", "adam", "mona", "eve", "ed", "sam", "priya", "liam", "noah", "olivia"].map((l) => `u-acme-${l}`);
const NPS = [10, 9, 9, 8, 7, 6, 5, 10, 10, 3];
const AGREE: Array<number | "na"> = [4, 4, 3, 3, 3, 1, 0, 4, "na", "na"];
const MULTI: number[][] = [[0, 1], [0], [0, 1, 2], [2], [1]];
const TEXT = ["Alpha", "Beta"];
const COMMENTS = ["Great", "=SUM(A1)"];

/** Respondent k's answers (k from 0). */
export function testAnswers(k: number): SurveyAnswers {
  const a: SurveyAnswers = {};
  a["q-nps"] = { value: NPS[k], ...(COMMENTS[k] ? { comment: COMMENTS[k] } : {}) };
  a["q-agree"] = AGREE[k] === "na" ? { value: "na", notApplicable: true } : { value: AGREE[k] };
  if (MULTI[k]) a["q-multi"] = { value: MULTI[k] };
  if (TEXT[k]) a["q-text"] = { value: TEXT[k] };
  return a;
}

const TEXTS: Record<string, Record<number, string>> = {
  "q-nps": Object.fromEntries(Array.from({ length: 11 }, (_, i) => [i, String(i)])),
  "q-agree": { 0: "Strongly Disagree", 1: "Disagree", 2: "Neutral", 3: "Agree", 4: "Strongly Agree" },
  "q-multi": { 0: "A", 1: "B", 2: "C" },
};

export interface RunFixture {
  id: string;
  companyId?: string;
  workspaceId?: string | null;
  groupId?: string | null;
  anonymous?: boolean;
  min?: number;
  live?: boolean;
  state?: "open" | "closed";
  inspectorType?: "audience" | "users";
  inspectorIds?: string[];
  recipients?: string[];
  /** How many of RESPONDENTS answered (the first n). */
  responses: number;
  /** Which of RESPONDENTS answered (their indexes), instead of the first `responses`. */
  who?: number[];
  /** Respondents (indexes) whose response carries no department. */
  noDepartment?: number[];
}

async function departmentOf(userId: string) {
  const row = await env.DB.prepare("SELECT department_id FROM users WHERE id = ?").bind(userId).first<{ department_id: string | null }>();
  return row?.department_id ?? null;
}

/** Inserts a run and its responses in one batch; returns the run id. */
export async function insertRun(f: RunFixture): Promise<string> {
  const company = f.companyId ?? "c-acme";
  const recipients = f.recipients ?? RESPONDENTS;
  const who = f.who ?? Array.from({ length: f.responses }, (_, k) => k);
  const statements: D1PreparedStatement[] = [
    env.DB.prepare(
      `INSERT INTO survey_runs (id, company_id, survey_id, title, workspace_id, group_id, blocks, inspector_type, inspector_ids, anonymous,
         min_submission_count, live_results, state, sequence, audience_count, submitted_count, launched_by, launched_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, NULL, ?)`
    ).bind(
      f.id,
      company,
      `sv-${f.id}`,
      `Report test ${f.id}`,
      f.workspaceId === undefined ? "w-acme-hq" : f.workspaceId,
      f.groupId ?? null,
      JSON.stringify(TEST_BLOCKS),
      f.inspectorType ?? "users",
      JSON.stringify(f.inspectorIds ?? ["u-acme-alice"]),
      f.anonymous ? 1 : 0,
      f.min ?? 0,
      f.live ? 1 : 0,
      f.state ?? "closed",
      recipients.length,
      who.length,
      Date.UTC(2026, 5, 1) + Number.parseInt(f.id.replace(/\D/g, "") || "0", 10)
    ),
  ];
  for (const [k, user] of recipients.entries()) {
    statements.push(
      env.DB.prepare("INSERT INTO survey_recipients (company_id, run_id, user_id, responded) VALUES (?, ?, ?, ?)").bind(
        company,
        f.id,
        user,
        who.includes(k) ? 1 : 0
      )
    );
  }
  for (const k of who) statements.push(...(await responseStatements(f, company, k)));
  await env.DB.batch(statements);
  return f.id;
}

/** The statements of respondent k's response to run `f`. */
export async function responseStatements(f: Pick<RunFixture, "id" | "anonymous" | "noDepartment">, company: string, k: number) {
  const user = RESPONDENTS[k];
  const department = f.noDepartment?.includes(k) ? null : await departmentOf(user);
  const answers = testAnswers(k);
  const responseId = `${f.id}-r${k}`;
  const out: D1PreparedStatement[] = [
    env.DB.prepare(
      "INSERT INTO survey_responses (id, company_id, run_id, respondent_id, department_id, answers, submitted_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
    ).bind(responseId, company, f.id, f.anonymous ? null : user, department, JSON.stringify(answers), Date.UTC(2026, 5, 2)),
  ];
  const row = (block: string, num: number | null, text: string | null, na: number, comment: string | null) =>
    env.DB.prepare(
      `INSERT INTO survey_answers (company_id, run_id, response_id, block_id, department_id, value_num, value_text, not_applicable, comment)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`
    ).bind(company, f.id, responseId, block, department, num, text, na, comment);
  for (const [block, answer] of Object.entries(answers)) {
    if (block === "q-text") {
      out.push(row(block, null, String(answer.value), 0, null));
      continue;
    }
    if (answer.notApplicable) {
      out.push(row(block, null, null, 1, answer.comment ?? null));
      continue;
    }
    const values = Array.isArray(answer.value) ? answer.value : [answer.value as number];
    values.forEach((v, i) => out.push(row(block, v, TEXTS[block][v], 0, i === 0 ? answer.comment ?? null : null)));
  }
  return out;
}
