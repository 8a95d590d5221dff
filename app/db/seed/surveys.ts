// Demo surveys: a few library surveys per demo company (one scheduled), runs that are
// closed and open, with responses stored as a submission stores them (survey_responses.answers in
// the SurveyAnswers shape, and one survey_answers row per answered question, one per chosen
// choice with multiple answers), one anonymous run with a minimum submission count; and for
// Initech one closed run with 5,000 responses (the report benchmark) and an open run of 1,000
// recipients nobody has answered yet (the submission benchmark).
//
// Loaded by Node's own type stripping through demo.ts: it imports modules by their `.ts` path
// (whose own run-time imports do the same), and types with `import type`.
import type { ScaleFamily } from "../../modules/blocks/scales";
// @ts-ignore TS5097
import { answerRows as surveyAnswerRows } from "../../modules/surveys/answer-rows.ts";
// @ts-ignore TS5097
import { toSurveyQuestion } from "../../modules/surveys/blocks.ts";
import type { ChoiceBlock, SurveyAnswer, SurveyAnswers, SurveyBlock, TextInputBlock } from "../../modules/surveys/blocks";
import type { Row, SeedTables } from "./tables";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The Initech run of the report benchmark: exactly `responses` responses, ids ss-initech-00001…. */
export const LARGE_SURVEY_RUN = { id: "sr-initech-engagement-1", surveyId: "sv-initech-engagement", responses: 5000 } as const;
/** The same survey's open run for the submission benchmark: `recipients` active people (not the admin), none responded yet. */
export const LARGE_OPEN_SURVEY_RUN = { id: "sr-initech-engagement-2", recipients: 1000 } as const;

type Company = "acme" | "globex" | "large";
const COMPANY_ID: Record<Company, string> = { acme: "c-acme", globex: "c-globex", large: "c-initech" };
const uid = (company: Company, local: string) => `u-${company === "large" ? "initech" : company}-${local}`;

/** A small deterministic hash in [0, 1): the same answers every time the seed runs. */
function pick(...parts: number[]): number {
  let h = 2166136261;
  for (const p of parts) {
    h ^= p + 0x9e3779b9;
    h = Math.imul(h, 16777619);
    h ^= h >>> 13;
  }
  return ((h >>> 0) % 10_000) / 10_000;
}

/** A stored choice question, as the builder stores it (a tracked one locked). */
function choice(
  id: string,
  label: string,
  family: ScaleFamily,
  options: { multipleAnswers?: boolean; comment?: string; notApplicable?: boolean; items?: string[]; track?: boolean } = {}
): ChoiceBlock {
  return toSurveyQuestion({
    key: id,
    type: "choice",
    label,
    scale: family,
    customItems: (options.items ?? []).join("\n"),
    required: !options.notApplicable && !options.multipleAnswers,
    multipleAnswers: options.multipleAnswers,
    commentBox: Boolean(options.comment),
    commentBoxGuide: options.comment,
    notApplicable: options.notApplicable,
    track: options.track,
    isLocked: options.track,
  }) as ChoiceBlock;
}

const text = (id: string, label: string) => toSurveyQuestion({ key: id, type: "text-input", label }) as TextInputBlock;

/** Engagement: eNPS with a comment, an agreement statement with Not Applicable, multiple answers, a text answer. */
function engagementBlocks(prefix: string): SurveyBlock[] {
  return [
    { id: `${prefix}-intro`, type: "static-text", value: "Thank you for taking a few minutes to tell us how work is going." },
    choice(`${prefix}-enps`, "How likely are you to recommend this company as a place to work to a friend?", "nps", {
      comment: "What is the main reason for your score?",
      track: true,
    }),
    {
      id: `${prefix}-growth`,
      type: "group",
      label: "Growth",
      description: "How you learn and grow here.",
      questions: [
        choice(`${prefix}-tools`, "I have the tools and resources I need to do my job well.", "agree-disagree-5", { notApplicable: true }),
        choice(`${prefix}-benefits`, "Which benefits matter most to you?", "custom", {
          multipleAnswers: true,
          items: ["Health insurance", "Learning budget", "Remote work", "Parental leave"],
        }),
      ],
    },
    text(`${prefix}-change`, "What is one thing we should change first?"),
  ];
}

/** Pulse: three short agreement questions and a text answer. */
function pulseBlocks(prefix: string): SurveyBlock[] {
  return [
    choice(`${prefix}-workload`, "My workload this week was manageable.", "agree-disagree-5"),
    choice(`${prefix}-recognised`, "I felt recognised for my work this week.", "agree-disagree-5"),
    choice(`${prefix}-score`, "How would you rate your week overall?", "score-1-5"),
    text(`${prefix}-note`, "Anything you would like to share?"),
  ];
}

function onboardingBlocks(prefix: string): SurveyBlock[] {
  return [
    choice(`${prefix}-ready`, "I had what I needed on my first day.", "agree-disagree-5"),
    choice(`${prefix}-nps`, "How likely are you to recommend our onboarding to a future joiner?", "nps"),
    text(`${prefix}-improve`, "What would have made your first weeks better?"),
  ];
}

const TEXT_ANSWERS = [
  "More time for focused work without meetings.",
  "Clearer priorities from leadership each quarter.",
  "Better onboarding documentation for new tools.",
  "Keep the Friday demos, they are great.",
  "More chances to learn from other teams.",
  "Approvals for small purchases are slow and frustrating.",
];
const COMMENTS = ["Great team and interesting work.", "Career paths could be clearer.", "Flexible hours help a lot.", "Too many meetings."];

/** One respondent's answers to `blocks`: values spread by a hash, some questions left out. */
function answersFor(blocks: SurveyBlock[], seed: number): SurveyAnswers {
  const answers: SurveyAnswers = {};
  const questions = blocks.flatMap((b) => (b.type === "group" ? b.questions : [b]));
  questions.forEach((block, q) => {
    const r = pick(seed, q);
    if (block.type === "text-input") {
      if (r < 0.4) answers[block.id] = { value: TEXT_ANSWERS[Math.floor(pick(seed, q, 1) * TEXT_ANSWERS.length)] };
      return;
    }
    if (block.type !== "choice") return;
    const answer: SurveyAnswer = {};
    if (block.notApplicable && r < 0.1) {
      answer.value = "na";
      answer.notApplicable = true;
    } else if (block.multipleAnswers) {
      const chosen = block.choices.filter((_, i) => pick(seed, q, i + 2) < 0.45).map((c) => c.value);
      if (chosen.length === 0) return;
      answer.value = chosen;
    } else {
      // Skewed towards the top of the scale, as engagement answers are.
      const n = block.choices.length;
      const index = Math.min(n - 1, Math.floor(Math.sqrt(r) * n));
      answer.value = block.choices[index].value;
    }
    if (block.commentBox && pick(seed, q, 99) < 0.3) answer.comment = COMMENTS[Math.floor(pick(seed, q, 98) * COMMENTS.length)];
    answers[block.id] = answer;
  });
  return answers;
}

/** survey_answers rows of one response, as a submission writes them. */
function answerRows(
  blocks: SurveyBlock[],
  answers: SurveyAnswers,
  base: { company_id: string; run_id: string; response_id: string; department_id: string | null }
): Row[] {
  return surveyAnswerRows(blocks, answers).map((r) => ({
    ...base,
    block_id: r.blockId,
    value_num: r.valueNum,
    value_text: r.valueText,
    not_applicable: r.notApplicable ? 1 : 0,
    comment: r.comment,
  }));
}

interface SurveySpec {
  id: string;
  title: string;
  templateName: string | null;
  place: { workspace_id: string | null; group_id: string | null };
  blocks: SurveyBlock[];
  audience: { type: string; ids: string[] } | null;
  inspectors: { type: "audience" | "users"; ids: string[] } | null;
  anonymous?: boolean;
  minSubmissionCount?: number;
  liveResults?: boolean;
  /** Days from the seed day of the next scheduled run (a scheduled survey). */
  scheduledInDays?: number;
  createdBy: string;
  createdDaysAgo: number;
  runs: RunSpec[];
}

interface RunSpec {
  state: "open" | "closed";
  launchedDaysAgo: number;
  closedDaysAgo?: number;
  /** The audience (user ids, active people) and how many of them responded (the first n). */
  recipients: string[];
  responses: number;
  launchedBy: string;
  /** Overrides of the survey's settings at that launch. */
  liveResults?: boolean;
}

/** Rows of the surveys of one company. `people` gives each user's department (answers carry it). */
function surveyRows(company: Company, specs: SurveySpec[], departments: Map<string, string | null>, now: number): SeedTables {
  const cid = COMPANY_ID[company];
  const today = Math.floor(now / DAY) * DAY;
  const at = (daysAgo: number, hour = 9) => today - daysAgo * DAY + hour * HOUR;
  const t: SeedTables = { surveys: [], survey_runs: [], survey_recipients: [], survey_responses: [], survey_answers: [] };
  specs.forEach((s, si) => {
    t.surveys.push({
      id: s.id,
      company_id: cid,
      title: s.title,
      template_name: s.templateName,
      workspace_id: s.place.workspace_id,
      group_id: s.place.group_id,
      blocks: JSON.stringify(s.blocks),
      audience_type: s.audience?.type ?? null,
      audience_ids: JSON.stringify(s.audience?.ids ?? []),
      inspector_type: s.inspectors?.type ?? null,
      inspector_ids: JSON.stringify(s.inspectors?.ids ?? []),
      anonymous: s.anonymous ? 1 : 0,
      min_submission_count: s.minSubmissionCount ?? 0,
      live_results: s.liveResults ? 1 : 0,
      start_at: s.scheduledInDays !== undefined ? at(-s.scheduledInDays) : s.runs.length > 0 ? at(s.runs[0].launchedDaysAgo) : null,
      frequency: s.scheduledInDays !== undefined ? "does-not-repeat" : null,
      tz_offset_minutes: 0,
      next_run_at: s.scheduledInDays !== undefined ? at(-s.scheduledInDays) : null,
      close_rule: "manual",
      close_span: null,
      close_unit: null,
      close_at: null,
      notifications: JSON.stringify({}),
      launch_count: s.runs.length,
      version: 0,
      created_by: s.createdBy,
      created_at: at(s.createdDaysAgo),
      updated_at: at(s.createdDaysAgo),
    });
    s.runs.forEach((r, ri) => {
      const runId = `sr-${s.id.slice(3)}-${ri + 1}`;
      const live = r.liveResults ?? s.liveResults ?? false;
      t.survey_runs.push({
        id: runId,
        company_id: cid,
        survey_id: s.id,
        title: s.title,
        template_name: s.templateName,
        workspace_id: s.place.workspace_id,
        group_id: s.place.group_id,
        blocks: JSON.stringify(s.blocks),
        inspector_type: s.inspectors?.type ?? "audience",
        inspector_ids: JSON.stringify(s.inspectors?.type === "users" ? s.inspectors.ids : []),
        anonymous: s.anonymous ? 1 : 0,
        min_submission_count: s.minSubmissionCount ?? 0,
        live_results: live ? 1 : 0,
        state: r.state,
        sequence: ri + 1,
        close_rule: "manual",
        closes_at: null,
        closed_at: r.state === "closed" ? at(r.closedDaysAgo ?? 0, 17) : null,
        audience_count: r.recipients.length,
        submitted_count: r.responses,
        launched_by: r.launchedBy,
        launched_at: at(r.launchedDaysAgo),
        version: 0,
      });
      r.recipients.forEach((user, k) => {
        t.survey_recipients.push({ company_id: cid, run_id: runId, user_id: user, responded: k < r.responses ? 1 : 0 });
        if (k >= r.responses) return;
        const responseId = `ss-${runId.slice(3)}-${String(k + 1).padStart(5, "0")}`;
        const answers = answersFor(s.blocks, (si + 1) * 1_000_003 + (ri + 1) * 100_003 + k);
        const department = departments.get(user) ?? null;
        // Anonymous: no respondent, and the time kept to the day (schema comment on anonymity).
        const submittedAt = at(r.launchedDaysAgo, 10) + (k % 480) * 60_000;
        t.survey_responses.push({
          id: responseId,
          company_id: cid,
          run_id: runId,
          respondent_id: s.anonymous ? null : user,
          department_id: department,
          answers: JSON.stringify(answers),
          submitted_at: s.anonymous ? Math.floor(submittedAt / DAY) * DAY : submittedAt,
        });
        t.survey_answers.push(
          ...answerRows(s.blocks, answers, { company_id: cid, run_id: runId, response_id: responseId, department_id: department })
        );
      });
    });
  });
  return t;
}

/** Active people of a company, in seed order, with their departments. */
function activePeople(tables: SeedTables, companyId: string) {
  const users = tables.users.filter((u) => u.company_id === companyId && u.is_deleted === 0 && u.is_excluded === 0);
  return {
    ids: users.map((u) => String(u.id)),
    departments: new Map(users.map((u) => [String(u.id), (u.department_id as string) ?? null])),
  };
}

const membersOf = (tables: Row[], key: string, id: string, active: string[]) => {
  const set = new Set(tables.filter((m) => m[key] === id).map((m) => String(m.user_id)));
  return active.filter((u) => set.has(u));
};

/** Acme (Slack-type) and Globex (Teams-type) surveys; `tables` holds their people, workspaces and groups. */
export function demoSurveyRows(tables: SeedTables, now: number): SeedTables {
  const acme = activePeople(tables, COMPANY_ID.acme);
  const hq = membersOf(tables.workspace_members, "workspace_id", "w-acme-hq", acme.ids);
  const labs = membersOf(tables.workspace_members, "workspace_id", "w-acme-labs", acme.ids);
  const a = (local: string) => uid("acme", local);
  const acmeSpecs: SurveySpec[] = [
    {
      id: "sv-acme-engagement",
      title: "Employee Engagement",
      templateName: "Employee Engagement",
      place: { workspace_id: "w-acme-hq", group_id: null },
      blocks: engagementBlocks("acme-eng"),
      audience: { type: "workspace", ids: ["w-acme-hq"] },
      inspectors: { type: "users", ids: [a("alice"), a("mona")] },
      createdBy: a("alice"),
      createdDaysAgo: 60,
      runs: [
        { state: "closed", launchedDaysAgo: 45, closedDaysAgo: 30, recipients: hq, responses: 22, launchedBy: a("alice") },
        { state: "open", launchedDaysAgo: 3, recipients: hq, responses: 9, launchedBy: a("alice"), liveResults: true },
      ],
    },
    {
      id: "sv-acme-pulse",
      title: "Weekly Pulse",
      templateName: "Weekly Pulse",
      place: { workspace_id: "w-acme-hq", group_id: null },
      blocks: pulseBlocks("acme-pulse"),
      audience: { type: "workspace", ids: ["w-acme-hq"] },
      inspectors: { type: "audience", ids: [] },
      anonymous: true,
      minSubmissionCount: 5,
      liveResults: true,
      createdBy: a("adam"),
      createdDaysAgo: 20,
      runs: [
        { state: "closed", launchedDaysAgo: 14, closedDaysAgo: 10, recipients: hq, responses: 16, launchedBy: a("adam") },
        { state: "open", launchedDaysAgo: 1, recipients: hq, responses: 3, launchedBy: a("adam") },
      ],
    },
    {
      id: "sv-acme-onboarding",
      title: "Onboarding Check-in",
      templateName: "New Hire Onboarding",
      place: { workspace_id: "w-acme-labs", group_id: null },
      blocks: onboardingBlocks("acme-onb"),
      audience: { type: "workspace", ids: ["w-acme-labs"] },
      inspectors: { type: "users", ids: [a("alice")] },
      scheduledInDays: 3,
      createdBy: a("alice"),
      createdDaysAgo: 5,
      runs: [],
    },
    {
      id: "sv-acme-labs-retro",
      title: "Labs Quarterly Retro",
      templateName: null,
      place: { workspace_id: "w-acme-labs", group_id: null },
      blocks: pulseBlocks("acme-retro"),
      audience: { type: "workspace", ids: ["w-acme-labs"] },
      inspectors: { type: "users", ids: [a("alice"), a("adam")] },
      createdBy: a("adam"),
      createdDaysAgo: 40,
      runs: [{ state: "closed", launchedDaysAgo: 35, closedDaysAgo: 28, recipients: labs, responses: 0, launchedBy: a("adam") }],
    },
  ];

  const globex = activePeople(tables, COMPANY_ID.globex);
  const all = membersOf(tables.group_members, "group_id", "g-globex-all", globex.ids);
  const engineering = membersOf(tables.group_members, "group_id", "g-globex-engineering", globex.ids);
  const g = (local: string) => uid("globex", local);
  const globexSpecs: SurveySpec[] = [
    {
      id: "sv-globex-pulse",
      title: "Team Pulse",
      templateName: "Weekly Pulse",
      place: { workspace_id: null, group_id: "g-globex-all" },
      blocks: pulseBlocks("globex-pulse"),
      audience: { type: "groups", ids: ["g-globex-all"] },
      inspectors: { type: "users", ids: [g("gina")] },
      createdBy: g("gina"),
      createdDaysAgo: 30,
      runs: [
        { state: "closed", launchedDaysAgo: 21, closedDaysAgo: 14, recipients: all, responses: 18, launchedBy: g("gina") },
        { state: "open", launchedDaysAgo: 2, recipients: all, responses: 6, launchedBy: g("gina") },
      ],
    },
    {
      id: "sv-globex-engagement",
      title: "Engineering Engagement",
      templateName: "Employee Engagement",
      place: { workspace_id: null, group_id: "g-globex-engineering" },
      blocks: engagementBlocks("globex-eng"),
      audience: { type: "groups", ids: ["g-globex-engineering"] },
      inspectors: { type: "audience", ids: [] },
      anonymous: true,
      minSubmissionCount: 3,
      createdBy: g("gary"),
      createdDaysAgo: 25,
      runs: [{ state: "closed", launchedDaysAgo: 20, closedDaysAgo: 12, recipients: engineering, responses: 6, launchedBy: g("gary") }],
    },
    {
      id: "sv-globex-remote",
      title: "Remote Work Survey",
      templateName: "Remote & Hybrid Work",
      place: { workspace_id: null, group_id: "g-globex-sales" },
      blocks: onboardingBlocks("globex-remote"),
      audience: { type: "groups", ids: ["g-globex-sales"] },
      inspectors: { type: "users", ids: [g("gina"), g("mike")] },
      scheduledInDays: 7,
      createdBy: g("gina"),
      createdDaysAgo: 4,
      runs: [],
    },
  ];
  const out = surveyRows("acme", acmeSpecs, acme.departments, now);
  const more = surveyRows("globex", globexSpecs, globex.departments, now);
  for (const [table, rows] of Object.entries(more)) out[table].push(...rows);
  return out;
}

/** Initech: one closed engagement run answered by 5,000 people (the report benchmark), and an open one nobody has answered yet (the submission benchmark). */
export function largeSurveyRows(tables: SeedTables, now: number): SeedTables {
  const cid = COMPANY_ID.large;
  const users = tables.users.filter((u) => u.company_id === cid).slice(0, LARGE_SURVEY_RUN.responses);
  const departments = new Map(users.map((u) => [String(u.id), (u.department_id as string) ?? null]));
  const ids = users.map((u) => String(u.id));
  const admin = uid("large", "admin");
  const open = activePeople(tables, cid)
    .ids.filter((id) => id !== admin)
    .slice(0, LARGE_OPEN_SURVEY_RUN.recipients);
  const spec: SurveySpec = {
    id: LARGE_SURVEY_RUN.surveyId,
    title: "Initech Engagement 2026",
    templateName: "Employee Engagement",
    place: { workspace_id: "w-initech-main", group_id: null },
    blocks: engagementBlocks("initech-eng"),
    audience: { type: "workspace", ids: ["w-initech-main"] },
    inspectors: { type: "users", ids: [uid("large", "admin")] },
    createdBy: uid("large", "admin"),
    createdDaysAgo: 40,
    runs: [
      {
        state: "closed",
        launchedDaysAgo: 30,
        closedDaysAgo: 16,
        recipients: ids,
        responses: ids.length,
        launchedBy: uid("large", "admin"),
      },
      { state: "open", launchedDaysAgo: 2, recipients: open, responses: 0, launchedBy: admin },
    ],
  };
  return surveyRows("large", [spec], departments, now);
}
