// Demo feedback loops (002 §2.4, §4): for Acme (Slack-type) and Globex (Teams-type) library loops
// ready to configure or launch, and launched loops in every state: scheduled, live with an open
// run partly given, ended with closed runs, and a one-on-one loop with its 1-on-1s. Built by
// launchRecords, the launch's own rows, from pairs worked out like a launch does
// (app/modules/feedback/pairs.ts). For Initech: a 5,000-person manager-downward library loop to
// launch (the launch benchmark) and an open run of 500 pending pairs with 500 senders.
//
// Loaded by Node's own type stripping through demo.ts: modules by their `.ts` path, types with `import type`.
import type { LoopBlock } from "../../modules/feedback/feedback-blocks";
import type { LoopPair } from "../../modules/feedback/loop-types";
import type { LibraryLoopSettings, LoopRecord } from "../../modules/feedback/launch-records";
// @ts-ignore TS5097
import { launchRecords } from "../../modules/feedback/launch-records.ts";
// @ts-ignore TS5097
import { loopPairs } from "../../modules/feedback/pairs.ts";
import type { Row, SeedTables } from "./tables";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The large seed's feedback ids, agreed between the launch and the items of feedback. */
export const LARGE_FEEDBACK = {
  launchLibraryLoopId: "fl-initech-launch",
  openLoopId: "fb-initech-open",
  openRunId: "fr-initech-open",
  openSenders: 500,
  items: 250000,
} as const;

export const FEEDBACK_SEED_TABLES = ["feedback_library_loops", "feedback_loops", "feedback_loop_runs", "feedback_loop_pairs", "one_on_ones"] as const;

type Company = "acme" | "globex" | "large";
const COMPANY_ID: Record<Company, string> = { acme: "c-acme", globex: "c-globex", large: "c-initech" };
const uid = (company: Company, local: string) => `u-${company === "large" ? "initech" : company}-${local}`;

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A record as a seed row: snake_case columns, flags as 0/1, JSON as text. */
function rowOf(record: object): Row {
  const row: Row = {};
  for (const [key, value] of Object.entries(record)) {
    row[snake(key)] =
      value === null || value === undefined
        ? null
        : typeof value === "boolean"
          ? value
            ? 1
            : 0
          : typeof value === "object"
            ? JSON.stringify(value)
            : (value as string | number);
  }
  return row;
}

function empty(): SeedTables {
  return Object.fromEntries(FEEDBACK_SEED_TABLES.map((t) => [t, [] as Row[]]));
}

function activeIds(tables: SeedTables, companyId: string) {
  return new Set(tables.users.filter((u) => u.company_id === companyId && !u.is_deleted && !u.is_excluded).map((u) => String(u.id)));
}

function managersIn(tables: SeedTables, companyId: string, active: Set<string>) {
  const out = new Map<string, string[]>();
  for (const m of tables.user_managers) {
    if (m.company_id !== companyId || !active.has(String(m.manager_id))) continue;
    out.set(String(m.user_id), [...(out.get(String(m.user_id)) ?? []), String(m.manager_id)]);
  }
  return out;
}

function membersOf(tables: SeedTables, table: string, key: string, id: string, active: Set<string>) {
  return (tables[table] ?? []).filter((r) => r[key] === id && active.has(String(r.user_id))).map((r) => String(r.user_id));
}

const FREE_TEXT_BLOCKS: LoopBlock[] = [];
const AGENDA: LoopBlock[] = [
  { id: "agenda-1", type: "subtitle", subtitleValue: { text: "Before we meet" } } as unknown as LoopBlock,
  { id: "agenda-2", type: "long-text", longTextValue: { label: "What went well since our last 1-on-1?", required: false } } as unknown as LoopBlock,
  { id: "agenda-3", type: "long-text", longTextValue: { label: "What would you like to talk about?", required: false } } as unknown as LoopBlock,
];

interface LoopSpec {
  key: string;
  title: string;
  templateType: "feedback" | "one-on-one";
  templateName: string;
  templateFormat: "SBI" | "SaD" | "FreeText" | null;
  workflowType: LibraryLoopSettings["workflowType"];
  feedbackFor: LibraryLoopSettings["feedbackFor"];
  audienceType: LibraryLoopSettings["audienceType"];
  audienceIds: string[];
  audienceName: string;
  members: string[];
  anonymous?: boolean;
  message: string;
  frequency: string;
  /** Launched loops: how they stand. */
  launched?: "scheduled" | "live" | "ended";
  createdBy: string;
}

function libraryRow(spec: LoopSpec, companyId: string, id: string, today: number, configured: boolean): Row {
  return rowOf({
    id,
    companyId,
    templateType: spec.templateType,
    // Which template it came from is the library's to record; the demo's loops name none.
    templateId: null,
    templateName: spec.templateName,
    templateFormat: spec.templateFormat,
    title: spec.title,
    // A new Teams-type library loop is direct feedback (it has no Feedback Type choice).
    workflowType: configured ? spec.workflowType : companyId === COMPANY_ID.globex ? "direct-feedback" : null,
    audienceType: configured ? spec.audienceType : null,
    audienceIds: configured ? spec.audienceIds : [],
    workspaceId: null,
    feedbackFor: configured ? spec.feedbackFor : null,
    pairs: [],
    anonymous: Boolean(spec.anonymous),
    deadlineAt: today + 14 * DAY,
    tzOffsetMinutes: 0,
    notificationMessage: configured ? spec.message : "",
    delivery: configured ? "dm-only" : null,
    startAt: null,
    frequency: spec.templateType === "one-on-one" ? "does-not-repeat" : configured ? spec.frequency : "does-not-repeat",
    blocks: spec.templateType === "one-on-one" ? AGENDA : FREE_TEXT_BLOCKS,
    hideCompetencySelector: false,
    version: 0,
    createdBy: spec.createdBy,
    createdAt: today - 30 * DAY,
    updatedAt: today - 30 * DAY,
  });
}

/** A library loop and, when `launched`, its launched loop and runs, placed around `today`. */
function loopRows(tables: SeedTables, out: SeedTables, company: Company, spec: LoopSpec, today: number) {
  const companyId = COMPANY_ID[company];
  const active = activeIds(tables, companyId);
  const libraryId = `fl-${company}-${spec.key}`;
  out.feedback_library_loops.push(libraryRow(spec, companyId, libraryId, today, true));
  if (!spec.launched) return;
  const pairs: LoopPair[] = loopPairs({
    loopType: spec.workflowType,
    feedbackFor: spec.feedbackFor,
    members: spec.members,
    managersOf: managersIn(tables, companyId, active),
    definedPairs: [],
    companyId,
  });
  const loopId = `fb-${company}-${spec.key}`;
  const library: LibraryLoopSettings = {
    id: libraryId,
    companyId,
    templateType: spec.templateType,
    templateName: spec.templateName,
    templateFormat: spec.templateFormat,
    title: spec.title,
    workflowType: spec.workflowType,
    feedbackFor: spec.feedbackFor,
    audienceType: spec.audienceType,
    audienceIds: spec.audienceIds,
    workspaceId: null,
    pairs: [],
    anonymous: Boolean(spec.anonymous),
    notificationMessage: spec.message,
    delivery: "dm-only",
    blocks: spec.templateType === "one-on-one" ? AGENDA : FREE_TEXT_BLOCKS,
    hideCompetencySelector: false,
    startAt: null,
    frequency: spec.frequency,
    tzOffsetMinutes: 0,
    deadlineAt: null,
  };
  const meetingId = (runKey: string) => (_: LoopPair, i: number) => `oo-${company}-${spec.key}-${runKey}-${String(i + 1).padStart(2, "0")}`;
  if (spec.launched === "scheduled") {
    const start = today + 3 * DAY + 9 * HOUR;
    const records = launchRecords({
      library: { ...library, startAt: start, deadlineAt: start + 7 * DAY },
      loopId,
      runId: `fr-${company}-${spec.key}-1`,
      now: today - 2 * DAY,
      createdBy: spec.createdBy,
      audienceName: spec.audienceName,
      pairs,
      meetingId: meetingId("1"),
    })!;
    out.feedback_loops.push(rowOf({ ...records.loop, version: 0 }));
    return;
  }
  // Live: launched a week ago, its run open for two weeks, about a third given. Ended: its only
  // run closed a fortnight ago, most given.
  const ended = spec.launched === "ended";
  const launchedAt = ended ? today - 30 * DAY + 9 * HOUR : today - 7 * DAY + 9 * HOUR;
  const records = launchRecords({
    library: { ...library, frequency: ended ? "does-not-repeat" : spec.frequency, startAt: launchedAt, deadlineAt: launchedAt + 14 * DAY },
    loopId,
    runId: `fr-${company}-${spec.key}-1`,
    now: launchedAt,
    createdBy: spec.createdBy,
    audienceName: spec.audienceName,
    pairs,
    meetingId: meetingId("1"),
  })!;
  const loop: LoopRecord = records.loop;
  const runs = [{ run: records.run!, pairs: records.pairs, oneOnOnes: records.oneOnOnes }];
  if (ended) loop.state = "ended";
  let given = 0;
  for (const { run, pairs: runPairs, oneOnOnes } of runs) {
    const closed = run.deadlineAt <= today;
    let runGiven = 0;
    runPairs.forEach((p, i) => {
      const isGiven = spec.templateType === "feedback" && (closed ? i % 4 !== 3 : i % 3 === 0);
      const givenAt = run.startedAt + (1 + (i % 5)) * DAY + (i % 7) * HOUR;
      out.feedback_loop_pairs.push(
        rowOf({ ...p, state: isGiven ? "given" : "pending", givenAt: isGiven && !loop.anonymous ? givenAt : null, remindedAt: null })
      );
      if (isGiven) runGiven++;
    });
    given += runGiven;
    out.feedback_loop_runs.push(rowOf({ ...run, state: closed ? "closed" : "open", closedAt: closed ? run.deadlineAt : null, givenCount: runGiven }));
    for (const m of oneOnOnes) out.one_on_ones.push(rowOf(m));
  }
  loop.givenCount = given;
  out.feedback_loops.push(rowOf({ ...loop, version: 0 }));
}

/** Acme and Globex: library loops and launched loops in every state. */
export function demoFeedbackLoopRows(tables: SeedTables, now: number): SeedTables {
  const today = Math.floor(now / DAY) * DAY;
  const out = empty();
  const acme = activeIds(tables, COMPANY_ID.acme);
  const globex = activeIds(tables, COMPANY_ID.globex);
  const a = (local: string) => uid("acme", local);
  const g = (local: string) => uid("globex", local);
  const acmeEngineering = membersOf(tables, "channel_members", "channel_id", "ch-acme-engineering", acme);
  const acmeProduct = membersOf(tables, "channel_members", "channel_id", "ch-acme-product", acme);
  const acmeSales = membersOf(tables, "channel_members", "channel_id", "ch-acme-sales", acme);
  const acmeLeadership = membersOf(tables, "channel_members", "channel_id", "ch-acme-leadership", acme);
  const acmeSpecs: LoopSpec[] = [
    {
      key: "engineering-checkin",
      title: "Engineering check-in",
      templateType: "feedback",
      templateName: "Free text",
      templateFormat: "FreeText",
      workflowType: "direct-manager-feedback",
      feedbackFor: "manager-downward",
      audienceType: "channels",
      audienceIds: ["ch-acme-engineering"],
      audienceName: "#engineering",
      members: acmeEngineering,
      message: "Two minutes for each of your reports: what went well this sprint?",
      frequency: "every-2-weeks",
      launched: "live",
      createdBy: a("alice"),
    },
    {
      key: "upward",
      title: "How is your manager doing?",
      templateType: "feedback",
      templateName: "Situation, Behavior, Impact",
      templateFormat: "SBI",
      workflowType: "direct-manager-feedback",
      feedbackFor: "manager-upward",
      audienceType: "channels",
      audienceIds: ["ch-acme-sales"],
      audienceName: "#sales",
      members: acmeSales,
      anonymous: true,
      message: "Your answers are anonymous.",
      frequency: "does-not-repeat",
      launched: "ended",
      createdBy: a("alice"),
    },
    {
      key: "product-360",
      title: "Product team 360",
      templateType: "feedback",
      templateName: "Strengths and development areas",
      templateFormat: "SaD",
      workflowType: "direct-feedback",
      feedbackFor: "360",
      audienceType: "channels",
      audienceIds: ["ch-acme-product"],
      audienceName: "#product",
      members: acmeProduct,
      message: "Tell each teammate one strength and one thing to grow.",
      frequency: "does-not-repeat",
      launched: "scheduled",
      createdBy: a("adam"),
    },
    {
      key: "leadership-1on1",
      title: "Leadership 1-on-1s",
      templateType: "one-on-one",
      templateName: "1-on-1 agenda",
      templateFormat: null,
      workflowType: "direct-feedback",
      feedbackFor: "manager-downward",
      audienceType: "channels",
      audienceIds: ["ch-acme-leadership"],
      audienceName: "#leadership",
      members: acmeLeadership,
      message: "Time for our monthly 1-on-1.",
      frequency: "does-not-repeat",
      launched: "live",
      createdBy: a("alice"),
    },
    {
      key: "company-pulse",
      title: "Company feedback",
      templateType: "feedback",
      templateName: "Free text",
      templateFormat: "FreeText",
      workflowType: "company-feedback",
      feedbackFor: null,
      audienceType: "channels",
      audienceIds: ["ch-acme-general"],
      audienceName: "#general",
      members: [],
      message: "What should Acme start, stop or keep doing?",
      frequency: "every-3-weeks",
      createdBy: a("alice"),
    },
  ];
  for (const spec of acmeSpecs) loopRows(tables, out, "acme", spec, today);
  // Just created from a template: nothing configured yet.
  out.feedback_library_loops.push(libraryRow({ ...acmeSpecs[0], key: "new", title: "Quarterly feedback" }, COMPANY_ID.acme, "fl-acme-new", today, false));

  const globexEngineering = membersOf(tables, "group_members", "group_id", "g-globex-engineering", globex);
  const globexSales = membersOf(tables, "group_members", "group_id", "g-globex-sales", globex);
  const globexPeople = membersOf(tables, "group_members", "group_id", "g-globex-people", globex);
  const globexSpecs: LoopSpec[] = [
    {
      key: "engineering-feedback",
      title: "Engineering feedback",
      templateType: "feedback",
      templateName: "Free text",
      templateFormat: "FreeText",
      workflowType: "direct-feedback",
      feedbackFor: "manager-downward",
      audienceType: "groups",
      audienceIds: ["g-globex-engineering"],
      audienceName: "Engineering",
      members: globexEngineering,
      message: "A few words for each of your reports, please.",
      frequency: "every-2-weeks",
      launched: "live",
      createdBy: g("gina"),
    },
    {
      key: "sales-upward",
      title: "Sales leadership feedback",
      templateType: "feedback",
      templateName: "Situation, Behavior, Impact",
      templateFormat: "SBI",
      workflowType: "direct-feedback",
      feedbackFor: "manager-upward",
      audienceType: "groups",
      audienceIds: ["g-globex-sales"],
      audienceName: "Sales Team",
      members: globexSales,
      message: "How is your manager doing?",
      frequency: "does-not-repeat",
      launched: "ended",
      createdBy: g("gina"),
    },
    {
      key: "people-360",
      title: "People Ops 360",
      templateType: "feedback",
      templateName: "Strengths and development areas",
      templateFormat: "SaD",
      workflowType: "direct-feedback",
      feedbackFor: "360",
      audienceType: "groups",
      audienceIds: ["g-globex-people"],
      audienceName: "People Ops",
      members: globexPeople,
      message: "One strength and one thing to grow for each teammate.",
      frequency: "does-not-repeat",
      launched: "scheduled",
      createdBy: g("gina"),
    },
    {
      key: "sales-1on1",
      title: "Sales 1-on-1s",
      templateType: "one-on-one",
      templateName: "1-on-1 agenda",
      templateFormat: null,
      workflowType: "direct-feedback",
      feedbackFor: "manager-downward",
      audienceType: "groups",
      audienceIds: ["g-globex-sales"],
      audienceName: "Sales Team",
      members: globexSales,
      message: "Let's catch up.",
      frequency: "does-not-repeat",
      launched: "live",
      createdBy: g("gina"),
    },
  ];
  for (const spec of globexSpecs) loopRows(tables, out, "globex", spec, today);
  out.feedback_library_loops.push(libraryRow({ ...globexSpecs[0], key: "new", title: "Quarterly feedback" }, COMPANY_ID.globex, "fl-globex-new", today, false));
  return out;
}

/**
 * Initech: the launch benchmark's library loop (manager-downward over the whole workspace: one
 * pair per active person with an active manager, about 5,000) and an open run of 500 pending
 * pairs, each with its own sender.
 */
export function largeFeedbackLoopRows(tables: SeedTables, now: number): SeedTables {
  const today = Math.floor(now / DAY) * DAY;
  const out = empty();
  const companyId = COMPANY_ID.large;
  const admin = uid("large", "admin");
  const spec: LoopSpec = {
    key: "launch",
    title: "Company-wide manager feedback",
    templateType: "feedback",
    templateName: "Free text",
    templateFormat: "FreeText",
    workflowType: "direct-manager-feedback",
    feedbackFor: "manager-downward",
    audienceType: "workspace",
    audienceIds: [],
    audienceName: "Initech",
    members: [],
    message: "A few words for each of your reports, please.",
    frequency: "does-not-repeat",
    createdBy: admin,
  };
  const library = libraryRow(spec, companyId, LARGE_FEEDBACK.launchLibraryLoopId, today, true);
  library.workspace_id = "w-initech-main";
  out.feedback_library_loops.push(library);

  const people = [...activeIds(tables, companyId)].filter((id) => id !== admin).sort();
  const pairs: LoopPair[] = [];
  for (let i = 0; pairs.length < LARGE_FEEDBACK.openSenders && i + 1 < people.length; i += 2) {
    pairs.push({ senderId: people[i], receiverId: people[i + 1] });
  }
  const openLibraryId = "fl-initech-open";
  const openLibrary = libraryRow(
    { ...spec, key: "open", title: "Peer feedback", workflowType: "direct-feedback", feedbackFor: "manually-define", audienceType: "upload", audienceName: "Uploaded pairs" },
    companyId,
    openLibraryId,
    today,
    true
  );
  openLibrary.pairs = JSON.stringify(pairs);
  out.feedback_library_loops.push(openLibrary);
  const startedAt = today - DAY + 9 * HOUR;
  const records = launchRecords({
    library: {
      id: openLibraryId,
      companyId,
      templateType: "feedback",
      templateName: "Free text",
      templateFormat: "FreeText",
      title: "Peer feedback",
      workflowType: "direct-feedback",
      feedbackFor: "manually-define",
      audienceType: "upload",
      audienceIds: [],
      workspaceId: "w-initech-main",
      pairs,
      anonymous: false,
      notificationMessage: "Your colleague is waiting for your feedback.",
      delivery: "dm-only",
      blocks: FREE_TEXT_BLOCKS,
      hideCompetencySelector: false,
      startAt: startedAt,
      frequency: "does-not-repeat",
      tzOffsetMinutes: 0,
      deadlineAt: startedAt + 14 * DAY,
    },
    loopId: LARGE_FEEDBACK.openLoopId,
    runId: LARGE_FEEDBACK.openRunId,
    now: startedAt,
    createdBy: admin,
    audienceName: "Uploaded pairs",
    pairs,
    meetingId: () => "",
  })!;
  out.feedback_loops.push(rowOf({ ...records.loop, version: 0 }));
  out.feedback_loop_runs.push(rowOf({ ...records.run!, closedAt: null }));
  for (const p of records.pairs) out.feedback_loop_pairs.push(rowOf({ ...p, givenAt: null, remindedAt: null }));
  return out;
}
