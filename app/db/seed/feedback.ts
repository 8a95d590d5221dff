// Demo feedback: six months (up to the day before the seed runs) of feedback between the people of
// each demo company, in the three formats (SBI, SaD, free text) with the company's competencies and
// behaviours tagged as strengths or development areas, public praise, and requests for feedback
// (open, given, declined). Initech, the large company, gets 250,000 items for the benchmarks.
//
// Every item is made by feedbackRecord (app/modules/feedback/item-record.ts), the one write path
// the server uses too, and the count rows are the sums of its increments (and of requestIncrement
// for requests): the seeded counts are exactly the counts of the seeded items.
//
// Loaded by Node's own type stripping through demo.ts: imports by `.ts` path, types with `import type`.
// @ts-ignore TS5097
import { feedbackRecord, requestIncrement } from "../../modules/feedback/item-record.ts";
import type { CompetencyIncrement, DailyIncrement, FeedbackItemRow, FeedbackRecord } from "../../modules/feedback/item-record";
import type { DimensionInfo, FeedbackFormat, FeedbackKind, FeedbackRequestState, LoopType } from "../../modules/feedback/loop-types";
// @ts-ignore TS5097
import { FEEDBACK_KIND_TITLES, LOOP_ITEM_KIND } from "../../modules/feedback/loop-types.ts";
// @ts-ignore TS5097
import { CUSTOMERS, FREE_TEXTS, PRAISE_TEXTS, PROJECTS, REQUEST_MESSAGES, SAD_TEXTS, SBI_TEXTS, workArea } from "./feedback-texts.ts";
import type { TextTag, WorkArea } from "./feedback-texts";
import type { Row, SeedTables } from "./tables";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How far back the demo feedback goes: six months of days before the seed day. */
export const FEEDBACK_DAYS = 182;

/**
 * How a count row is added to one already there (another part of the seed may have counted the
 * same person and day): the clause scripts/seed.mjs appends to its inserts of Initech's counts.
 */
export const FEEDBACK_COUNT_UPSERTS: Record<string, string> = {
  feedback_daily_counts:
    "ON CONFLICT (company_id, user_id, day) DO UPDATE SET sent = sent + excluded.sent, received = received + excluded.received, " +
    "requested = requested + excluded.requested, praise_sent = praise_sent + excluded.praise_sent, praise_received = praise_received + excluded.praise_received",
  feedback_competency_counts:
    "ON CONFLICT (company_id, user_id, day, competency_id, behaviour_id, behaviour_type) DO UPDATE SET count = count + excluded.count",
};

/** The tables this part writes, in insertion order. */
export const FEEDBACK_SEED_TABLES = ["feedback_requests", "feedback_items", "feedback_daily_counts", "feedback_competency_counts"] as const;

/**
 * Fixed rows tests and demos can name. At Acme every one of them is about Eve (eve@acme.test), at
 * Globex about Tina: an SBI from their manager (Mona, Mike), an SaD from a peer (Ed, Tom), a free
 * text from someone in another team (Priya, Nora), public praise from the super admin (Alice,
 * Gina), and three requests they made: one answered (by Ed, Tom), one open (to Priya, Ravi), one
 * declined (by Bella, Hank).
 */
export const DEMO_FEEDBACK = {
  acme: {
    receiver: "u-acme-eve",
    sbi: "fi-acme-sbi",
    sad: "fi-acme-sad",
    freeText: "fi-acme-free-text",
    praise: "fi-acme-praise",
    givenRequest: "fq-acme-given",
    givenRequestItem: "fi-acme-request-answer",
    openRequest: "fq-acme-open",
    declinedRequest: "fq-acme-declined",
  },
  globex: {
    receiver: "u-globex-tina",
    sbi: "fi-globex-sbi",
    sad: "fi-globex-sad",
    freeText: "fi-globex-free-text",
    praise: "fi-globex-praise",
    givenRequest: "fq-globex-given",
    givenRequestItem: "fi-globex-request-answer",
    openRequest: "fq-globex-open",
    declinedRequest: "fq-globex-declined",
  },
} as const;

/** Initech: exactly `items` feedback items over the six months, ids fi-initech-000001…. */
export const LARGE_FEEDBACK_ITEMS = { companyId: "c-initech", items: 250_000 } as const;
export const largeFeedbackItemId = (k: number) => `fi-initech-${String(k).padStart(6, "0")}`;

/** mulberry32: the same feedback every time the seed runs. */
function randomFrom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  return { next, int, pick };
}
type Random = ReturnType<typeof randomFrom>;

interface Colleague {
  id: string;
  first: string;
  area: WorkArea;
  department: string;
  managers: string[];
  reports: string[];
}

interface CompanyFeedback {
  cid: string;
  short: string;
  people: Colleague[];
  byId: Map<string, Colleague>;
  byDepartment: Map<string, Colleague[]>;
  competencies: Map<string, { id: string; behaviours: Map<string, string> }>;
  projects: string[];
  customers: string[];
}

/** Active people of a company (not deactivated, not excluded) with their teams and the company's competencies. */
function companyFeedback(tables: SeedTables, cid: string): CompanyFeedback {
  const short = cid.slice(2);
  const departments = new Map((tables.departments ?? []).filter((d) => d.company_id === cid).map((d) => [d.id, String(d.name)]));
  const people: Colleague[] = (tables.users ?? [])
    .filter((u) => u.company_id === cid && !u.is_deleted && !u.is_excluded)
    .map((u) => {
      const department = departments.get(u.department_id as string) ?? "";
      return { id: String(u.id), first: String(u.name).split(" ")[0], area: workArea(department), department, managers: [], reports: [] };
    });
  const byId = new Map(people.map((p) => [p.id, p]));
  for (const m of tables.user_managers ?? []) {
    if (m.company_id !== cid) continue;
    const person = byId.get(String(m.user_id));
    const manager = byId.get(String(m.manager_id));
    if (!person || !manager) continue;
    person.managers.push(manager.id);
    manager.reports.push(person.id);
  }
  const byDepartment = new Map<string, Colleague[]>();
  for (const p of people) byDepartment.set(p.department, [...(byDepartment.get(p.department) ?? []), p]);
  const competencies = new Map<string, { id: string; behaviours: Map<string, string> }>();
  for (const c of tables.competencies ?? []) {
    if (c.company_id !== cid) continue;
    const behaviours = new Map(
      (tables.behaviours ?? []).filter((b) => b.competency_id === c.id).map((b) => [String(b.name), String(b.id)])
    );
    competencies.set(String(c.name), { id: String(c.id), behaviours });
  }
  return {
    cid,
    short,
    people,
    byId,
    byDepartment,
    competencies,
    projects: PROJECTS[short] ?? PROJECTS.initech,
    customers: CUSTOMERS[short] ?? CUSTOMERS.initech,
  };
}

/** The competencies and behaviours a text speaks to, as the giving form tags them (competency, behaviour.<id>=strength|developmentArea). */
function dimensionInfos(company: CompanyFeedback, tags: TextTag[]): DimensionInfo[] {
  const out: DimensionInfo[] = [];
  for (const [name, behaviour, kind] of tags) {
    const competency = company.competencies.get(name);
    if (!competency) continue;
    let info = out.find((d) => d.id === competency.id);
    if (!info) out.push((info = { id: competency.id, focusAreas: [] }));
    const behaviourId = behaviour ? competency.behaviours.get(behaviour) : undefined;
    if (!behaviourId || info.focusAreas.some((f) => f.id === behaviourId)) continue;
    info.focusAreas.push({ id: behaviourId, str: kind === "+", sug: kind === "-", suggestions: [] });
  }
  return out;
}

/** A colleague the sender works with: their manager or a report, someone in their department, now and then anyone. */
function colleagueOf(company: CompanyFeedback, sender: Colleague, random: Random): Colleague {
  for (let attempt = 0; attempt < 8; attempt++) {
    const r = random.next();
    const candidate =
      r < 0.22 && sender.reports.length > 0
        ? company.byId.get(random.pick(sender.reports))
        : r < 0.32 && sender.managers.length > 0
        ? company.byId.get(random.pick(sender.managers))
        : r < 0.75
        ? random.pick(company.byDepartment.get(sender.department) ?? company.people)
        : random.pick(company.people);
    if (candidate && candidate.id !== sender.id) return candidate;
  }
  return company.people.find((p) => p.id !== sender.id)!;
}

/** Direct feedback's kind: to one's report is manager feedback, to one's manager feedback to managers. */
function kindOf(sender: Colleague, receiver: Colleague): FeedbackKind {
  if (sender.reports.includes(receiver.id)) return "manager-feedback";
  if (sender.managers.includes(receiver.id)) return "feedback-to-managers";
  return "feedback-to-employee";
}

function fill(company: CompanyFeedback, text: string, receiver: Colleague, random: Random) {
  return text
    .replaceAll("{name}", receiver.first)
    .replaceAll("{project}", random.pick(company.projects))
    .replaceAll("{customer}", random.pick(company.customers));
}

/** A text for the receiver's kind of work (now and then one that fits anyone). */
function textFor<T extends { area: WorkArea }>(pool: T[], receiver: Colleague, random: Random): T {
  const own = pool.filter((t) => t.area === receiver.area);
  const any = pool.filter((t) => t.area === "any");
  return random.pick(own.length > 0 && random.next() < 0.65 ? own : any.length > 0 ? any : pool);
}

interface Written {
  format: FeedbackFormat;
  texts: Record<string, string>;
  tags: TextTag[];
}

function written(company: CompanyFeedback, format: FeedbackFormat, receiver: Colleague, random: Random): Written {
  const f = (text: string) => fill(company, text, receiver, random);
  if (format === "SBI") {
    const t = textFor(SBI_TEXTS, receiver, random);
    return {
      format,
      texts: { situationText: f(t.situation), behaviorText: f(t.behavior), impactText: f(t.impact), sbiNextStepText: f(t.next) },
      tags: t.tags,
    };
  }
  if (format === "SaD") {
    const t = textFor(SAD_TEXTS, receiver, random);
    return {
      format,
      texts: { strengthText: f(t.strength), developmentAreaText: f(t.development), sdNextStepText: f(t.next) },
      tags: t.tags,
    };
  }
  const t = textFor(FREE_TEXTS, receiver, random);
  return { format, texts: { feedbackText: f(t.text) }, tags: t.tags };
}

const pickFormat = (random: Random): FeedbackFormat => {
  const r = random.next();
  return r < 0.35 ? "SBI" : r < 0.6 ? "SaD" : "FreeText";
};

interface DirectSpec {
  id: string;
  sender: Colleague;
  receiver: Colleague;
  at: number;
  source: "direct" | "request";
  requestId?: string;
  format?: FeedbackFormat;
}

function directRecord(company: CompanyFeedback, spec: DirectSpec, random: Random): FeedbackRecord {
  const w = written(company, spec.format ?? pickFormat(random), spec.receiver, random);
  const kind = kindOf(spec.sender, spec.receiver);
  return feedbackRecord({
    id: spec.id,
    companyId: company.cid,
    source: spec.source,
    feedbackType: kind,
    feedbackTypeTitle: FEEDBACK_KIND_TITLES[kind],
    templateType: w.format,
    texts: w.texts,
    dimensionInfos: dimensionInfos(company, w.tags),
    senderId: spec.sender.id,
    receiverId: spec.receiver.id,
    requestId: spec.requestId ?? null,
    anonymous: false,
    at: new Date(spec.at),
  });
}

function praiseRecord(
  company: CompanyFeedback,
  id: string,
  sender: Colleague,
  receiver: Colleague,
  at: number,
  random: Random
): FeedbackRecord {
  return feedbackRecord({
    id,
    companyId: company.cid,
    source: "praise",
    feedbackType: "public-praise",
    feedbackTypeTitle: FEEDBACK_KIND_TITLES["public-praise"],
    templateType: "FreeText",
    texts: { feedbackText: fill(company, random.pick(PRAISE_TEXTS), receiver, random) },
    senderId: sender.id,
    receiverId: receiver.id,
    anonymous: false,
    isPublic: true,
    at: new Date(at),
  });
}

/** A stored feedback_items row of a record. */
export function feedbackItemRow(item: FeedbackItemRow): Row {
  return {
    id: item.id,
    company_id: item.companyId,
    source: item.source,
    feedback_type: item.feedbackType,
    feedback_type_title: item.feedbackTypeTitle,
    template_type: item.templateType,
    feedback_text: item.feedbackText,
    situation_text: item.situationText,
    behavior_text: item.behaviorText,
    impact_text: item.impactText,
    sbi_next_step_text: item.sbiNextStepText,
    strength_text: item.strengthText,
    development_area_text: item.developmentAreaText,
    sd_next_step_text: item.sdNextStepText,
    blocks: JSON.stringify(item.blocks),
    answers: JSON.stringify(item.answers),
    dimension_infos: JSON.stringify(item.dimensionInfos),
    sender_id: item.senderId,
    receiver_id: item.receiverId,
    loop_id: item.loopId,
    run_id: item.runId,
    request_id: item.requestId,
    anonymous: item.anonymous ? 1 : 0,
    is_public: item.isPublic ? 1 : 0,
    visible: item.visible ? 1 : 0,
    created_at: item.createdAt.getTime(),
    sent_at: item.sentAt.getTime(),
  };
}

const DAILY_COLUMN: Record<DailyIncrement["field"], string> = {
  sent: "sent",
  received: "received",
  requested: "requested",
  praiseSent: "praise_sent",
  praiseReceived: "praise_received",
};

/** The count rows of a set of increments, summed per key (what the server's upserts add up to). */
export function feedbackCounter() {
  const daily = new Map<string, Row>();
  const competencies = new Map<string, Row>();
  const addDaily = (inc: DailyIncrement) => {
    const key = `${inc.companyId}\u0000${inc.userId}\u0000${inc.day}`;
    let row = daily.get(key);
    if (!row) {
      row = {
        company_id: inc.companyId,
        user_id: inc.userId,
        day: inc.day,
        sent: 0,
        received: 0,
        requested: 0,
        praise_sent: 0,
        praise_received: 0,
      };
      daily.set(key, row);
    }
    row[DAILY_COLUMN[inc.field]] = Number(row[DAILY_COLUMN[inc.field]]) + 1;
  };
  const addCompetency = (inc: CompetencyIncrement) => {
    const key = [inc.companyId, inc.userId, inc.day, inc.competencyId, inc.behaviourId, inc.behaviourType].join("\u0000");
    const row = competencies.get(key);
    if (row) row.count = Number(row.count) + 1;
    else
      competencies.set(key, {
        company_id: inc.companyId,
        user_id: inc.userId,
        day: inc.day,
        competency_id: inc.competencyId,
        behaviour_id: inc.behaviourId,
        behaviour_type: inc.behaviourType,
        count: 1,
      });
  };
  return {
    addDaily,
    add(record: FeedbackRecord) {
      for (const inc of record.daily) addDaily(inc);
      for (const inc of record.competencies) addCompetency(inc);
    },
    /** The rows so far, and a fresh start. */
    take(): SeedTables {
      const out = { feedback_daily_counts: [...daily.values()], feedback_competency_counts: [...competencies.values()] };
      daily.clear();
      competencies.clear();
      return out;
    },
  };
}

/**
 * Count rows of the same person, day (and competency tag) added up into one: the parts of the seed
 * that write feedback (loops, this file) each sum their own increments, and one key is one row.
 * Runs last in demoSeed.
 */
export function foldFeedbackCounts(tables: SeedTables) {
  const fold = (table: string, key: string[], counts: string[]) => {
    const rows = tables[table];
    if (!rows) return;
    const byKey = new Map<string, Row>();
    for (const row of rows) {
      const k = key.map((c) => row[c]).join("\u0000");
      const seen = byKey.get(k);
      if (!seen) byKey.set(k, { ...row });
      else for (const c of counts) seen[c] = Number(seen[c]) + Number(row[c]);
    }
    tables[table] = [...byKey.values()];
  };
  fold("feedback_daily_counts", ["company_id", "user_id", "day"], [...DAILY_COUNT_COLUMNS]);
  fold("feedback_competency_counts", ["company_id", "user_id", "day", "competency_id", "behaviour_id", "behaviour_type"], ["count"]);
  // The insights' roll-ups of the folded rows, as the server keeps them on write (count-writes.server.ts).
  const totals = new Map<string, Row>();
  tables.feedback_running_counts = [...(tables.feedback_daily_counts ?? [])]
    .sort((a, b) => String(a.company_id).localeCompare(String(b.company_id)) || String(a.user_id).localeCompare(String(b.user_id)) || String(a.day).localeCompare(String(b.day)))
    .map((row) => {
      const key = `${row.company_id}\u0000${row.user_id}`;
      const before = totals.get(key);
      const running: Row = { company_id: row.company_id, user_id: row.user_id, day: row.day };
      for (const c of DAILY_COUNT_COLUMNS) running[c] = Number(row[c]) + Number(before?.[c] ?? 0);
      totals.set(key, running);
      return running;
    });
  tables.feedback_company_competency_counts = (tables.feedback_competency_counts ?? []).map((row) => ({
    company_id: row.company_id,
    day: row.day,
    competency_id: row.competency_id,
    behaviour_id: row.behaviour_id,
    behaviour_type: row.behaviour_type,
    count: row.count,
  }));
  fold("feedback_company_competency_counts", ["company_id", "day", "competency_id", "behaviour_id", "behaviour_type"], ["count"]);
}

const DAILY_COUNT_COLUMNS = ["sent", "received", "requested", "praise_sent", "praise_received"] as const;

/**
 * Rebuilds a company's roll-ups from its count rows (scripts/seed.mjs, after it inserts Initech's
 * counts straight into the local database): the running totals as window sums of the daily rows,
 * the company's competency counts as sums of the people's.
 */
export function rollupRebuildStatements(companyId: string): string[] {
  const cid = `'${companyId.replaceAll("'", "''")}'`;
  const sums = DAILY_COUNT_COLUMNS.map((c) => `sum(${c}) OVER w`).join(", ");
  return [
    `DELETE FROM feedback_running_counts WHERE company_id = ${cid};`,
    `INSERT INTO feedback_running_counts (company_id, user_id, day, ${DAILY_COUNT_COLUMNS.join(", ")})
      SELECT company_id, user_id, day, ${sums} FROM feedback_daily_counts WHERE company_id = ${cid}
      WINDOW w AS (PARTITION BY user_id ORDER BY day ROWS UNBOUNDED PRECEDING);`,
    `DELETE FROM feedback_company_competency_counts WHERE company_id = ${cid};`,
    `INSERT INTO feedback_company_competency_counts (company_id, day, competency_id, behaviour_id, behaviour_type, count)
      SELECT company_id, day, competency_id, behaviour_id, behaviour_type, sum(count) FROM feedback_competency_counts WHERE company_id = ${cid}
      GROUP BY day, competency_id, behaviour_id, behaviour_type;`,
  ];
}

const isWeekend = (dayStart: number) => {
  const d = new Date(dayStart).getUTCDay();
  return d === 0 || d === 6;
};
/** A working-hours time on a day: 08:00–17:59 UTC. */
const workTime = (dayStart: number, random: Random) =>
  dayStart + random.int(8, 17) * HOUR + random.int(0, 59) * 60_000 + random.int(0, 59) * 1000;

interface RequestSpec {
  id: string;
  requester: Colleague;
  recipient: Colleague;
  at: number;
  state: FeedbackRequestState;
  answeredAt: number | null;
  answerId?: string;
}

function requestRow(company: CompanyFeedback, r: RequestSpec, random: Random): Row {
  return {
    id: r.id,
    company_id: company.cid,
    requester_id: r.requester.id,
    recipient_id: r.recipient.id,
    message: fill(company, random.pick(REQUEST_MESSAGES), r.requester, random),
    state: r.state,
    created_at: r.at,
    answered_at: r.answeredAt,
  };
}

/** Where one request stands: recent ones are mostly open; older ones given (a few days later), declined, or still open. */
function requestOutcome(at: number, today: number, random: Random): { state: FeedbackRequestState; answeredAt: number | null } {
  const age = (today - at) / DAY;
  const r = random.next();
  if (age < 7 && r < 0.6) return { state: "open", answeredAt: null };
  const answeredAt = at + random.int(1, 4) * DAY + random.int(0, 5) * HOUR;
  if (answeredAt >= today) return { state: "open", answeredAt: null };
  if (r < 0.78) return { state: "given", answeredAt };
  if (r < 0.92) return { state: "declined", answeredAt };
  return { state: "open", answeredAt: null };
}

interface Generated {
  records: FeedbackRecord[];
  requests: Row[];
  requested: DailyIncrement[];
}

/** Everything one request writes: its row, its requester's increment, and when given the answering item. */
function addRequest(company: CompanyFeedback, out: Generated, r: RequestSpec, random: Random) {
  out.requests.push(requestRow(company, r, random));
  out.requested.push(requestIncrement(company.cid, r.requester.id, new Date(r.at)));
  if (r.state === "given")
    out.records.push(
      directRecord(
        company,
        { id: r.answerId!, sender: r.recipient, receiver: r.requester, at: r.answeredAt!, source: "request", requestId: r.id },
        random
      )
    );
}

/** The demo's fixed rows (DEMO_FEEDBACK), dated in the last two weeks so the default insights range shows them. */
function fixedFeedback(
  company: CompanyFeedback,
  ids: (typeof DEMO_FEEDBACK)["acme" | "globex"],
  cast: Record<string, string>,
  today: number,
  out: Generated
) {
  const random = randomFrom(7);
  const who = (local: string) => company.byId.get(`u-${company.short}-${local}`)!;
  const receiver = who(cast.receiver);
  const at = (daysAgo: number, hour: number) => today - daysAgo * DAY + hour * HOUR + 17 * 60_000;
  out.records.push(
    directRecord(company, { id: ids.sbi, sender: who(cast.manager), receiver, at: at(2, 10), source: "direct", format: "SBI" }, random),
    directRecord(company, { id: ids.sad, sender: who(cast.peer), receiver, at: at(4, 15), source: "direct", format: "SaD" }, random),
    directRecord(
      company,
      { id: ids.freeText, sender: who(cast.other), receiver, at: at(6, 11), source: "direct", format: "FreeText" },
      random
    ),
    praiseRecord(company, ids.praise, who(cast.admin), receiver, at(3, 16), random)
  );
  addRequest(
    company,
    out,
    {
      id: ids.givenRequest,
      requester: receiver,
      recipient: who(cast.peer),
      at: at(9, 9),
      state: "given",
      answeredAt: at(7, 14),
      answerId: ids.givenRequestItem,
    },
    random
  );
  addRequest(
    company,
    out,
    { id: ids.openRequest, requester: receiver, recipient: who(cast.other), at: at(1, 9), state: "open", answeredAt: null },
    random
  );
  addRequest(
    company,
    out,
    {
      id: ids.declinedRequest,
      requester: receiver,
      recipient: who(cast.decliner),
      at: at(12, 9),
      state: "declined",
      answeredAt: at(11, 13),
    },
    random
  );
}

/** Six months of a demo company's feedback: on each working day a few pieces of direct feedback, now and then praise and a request. */
function demoCompanyFeedback(
  tables: SeedTables,
  cid: string,
  seed: number,
  now: number,
  fixed: (company: CompanyFeedback, today: number, out: Generated) => void
): SeedTables {
  const company = companyFeedback(tables, cid);
  const random = randomFrom(seed);
  const today = Math.floor(now / DAY) * DAY;
  const out: Generated = { records: [], requests: [], requested: [] };
  let items = 0;
  let requests = 0;
  const itemId = () => `fi-${company.short}-${String(++items).padStart(4, "0")}`;
  const requestId = () => `fq-${company.short}-${String(++requests).padStart(3, "0")}`;
  for (let d = FEEDBACK_DAYS; d >= 1; d--) {
    const dayStart = today - d * DAY;
    if (isWeekend(dayStart)) continue;
    const direct = random.int(1, 3);
    for (let k = 0; k < direct; k++) {
      const sender = random.pick(company.people);
      out.records.push(
        directRecord(
          company,
          { id: itemId(), sender, receiver: colleagueOf(company, sender, random), at: workTime(dayStart, random), source: "direct" },
          random
        )
      );
    }
    if (random.next() < 0.4) {
      const sender = random.pick(company.people);
      out.records.push(praiseRecord(company, itemId(), sender, colleagueOf(company, sender, random), workTime(dayStart, random), random));
    }
    if (random.next() < 0.3) {
      const requester = random.pick(company.people);
      const at = workTime(dayStart, random);
      const outcome = requestOutcome(at, today, random);
      addRequest(
        company,
        out,
        {
          id: requestId(),
          requester,
          recipient: colleagueOf(company, requester, random),
          at,
          ...outcome,
          answerId: outcome.state === "given" ? itemId() : undefined,
        },
        random
      );
    }
  }
  fixed(company, today, out);
  const counter = feedbackCounter();
  for (const record of out.records) counter.add(record);
  for (const inc of out.requested) counter.addDaily(inc);
  out.records.sort((a, b) => a.item.sentAt.getTime() - b.item.sentAt.getTime() || (a.item.id < b.item.id ? -1 : 1));
  return { feedback_requests: out.requests, feedback_items: out.records.map((r) => feedbackItemRow(r.item)), ...counter.take() };
}

/** Acme's and Globex's feedback; `tables` holds their people, managers and competencies. */
export function demoFeedbackRows(tables: SeedTables, now: number): SeedTables {
  const acme = demoCompanyFeedback(tables, "c-acme", 1001, now, (company, today, out) =>
    fixedFeedback(
      company,
      DEMO_FEEDBACK.acme,
      { receiver: "eve", manager: "mona", peer: "ed", other: "priya", admin: "alice", decliner: "bella" },
      today,
      out
    )
  );
  const globex = demoCompanyFeedback(tables, "c-globex", 2002, now, (company, today, out) =>
    fixedFeedback(
      company,
      DEMO_FEEDBACK.globex,
      { receiver: "tina", manager: "mike", peer: "tom", other: "nora", admin: "gina", decliner: "hank" },
      today,
      out
    )
  );
  const out: SeedTables = {};
  for (const table of FEEDBACK_SEED_TABLES) out[table] = [...(acme[table] ?? []), ...(globex[table] ?? [])];
  return out;
}

/**
 * Initech's 250,000 items over the working days of the six months, day by day: each batch holds
 * one day's items and requests and that day's count rows, complete (an item's increments fall on
 * its own day), so the seed streams them into its SQL file without holding more than a day.
 * 12% public praise, 5% answers to requests; besides those, open and declined requests.
 */
export function* largeFeedbackBatches(tables: SeedTables, now = Date.now()): Generator<SeedTables> {
  const company = companyFeedback(tables, LARGE_FEEDBACK_ITEMS.companyId);
  const random = randomFrom(3003);
  const today = Math.floor(now / DAY) * DAY;
  const days: number[] = [];
  for (let d = FEEDBACK_DAYS; d >= 1; d--) if (!isWeekend(today - d * DAY)) days.push(today - d * DAY);
  let items = 0;
  let requests = 0;
  const requestId = () => `fq-initech-${String(++requests).padStart(6, "0")}`;
  for (let i = 0; i < days.length; i++) {
    const dayStart = days[i];
    // Spread exactly: the items up to day i are floor(total × (i + 1) / days).
    const upTo = Math.floor((LARGE_FEEDBACK_ITEMS.items * (i + 1)) / days.length);
    const out: Generated = { records: [], requests: [], requested: [] };
    // A request answered here was asked earlier the same day, so every increment of the batch falls on its day.
    while (items < upTo) {
      const id = largeFeedbackItemId(++items);
      const sender = random.pick(company.people);
      const receiver = colleagueOf(company, sender, random);
      const at = workTime(dayStart, random);
      const r = random.next();
      if (r < 0.12) out.records.push(praiseRecord(company, id, sender, receiver, at, random));
      else if (r < 0.17) {
        const asked = at - random.int(1, 6) * HOUR;
        addRequest(
          company,
          out,
          {
            id: requestId(),
            requester: receiver,
            recipient: sender,
            at: Math.max(dayStart + 7 * HOUR, asked),
            state: "given",
            answeredAt: at,
            answerId: id,
          },
          random
        );
      } else out.records.push(directRecord(company, { id, sender, receiver, at, source: "direct" }, random));
      if (r > 0.985) {
        const requester = random.pick(company.people);
        const open = today - dayStart < 14 * DAY || random.next() < 0.4;
        addRequest(
          company,
          out,
          {
            id: requestId(),
            requester,
            recipient: colleagueOf(company, requester, random),
            at: workTime(dayStart, random),
            state: open ? "open" : "declined",
            answeredAt: open ? null : dayStart + 18 * HOUR,
          },
          random
        );
      }
    }
    const counter = feedbackCounter();
    for (const record of out.records) counter.add(record);
    for (const inc of out.requested) counter.addDaily(inc);
    yield { feedback_requests: out.requests, feedback_items: out.records.map((r) => feedbackItemRow(r.item)), ...counter.take() };
  }
}

/**
 * What the demo loops' senders gave: one item for each pair app/db/seed/feedback-loops.ts marks
 * given, as the Give Feedback page would store it (the loop's format, its kind, its run). An
 * anonymous loop's items carry no sender and its run's deadline day; they are shown, and counted,
 * only once their run has closed with at least the company's anonymity minimum of them for a
 * receiver (planReleaseAnonymous), never before.
 */
export function loopFeedbackRows(tables: SeedTables): SeedTables {
  const loops = new Map((tables.feedback_loops ?? []).map((l) => [String(l.id), l]));
  const runs = new Map((tables.feedback_loop_runs ?? []).map((r) => [String(r.id), r]));
  const floors = new Map((tables.companies ?? []).map((c) => [String(c.id), Number(c.anonymity_floor ?? 3)]));
  const companies = new Map<string, CompanyFeedback>();
  const random = randomFrom(3003);
  const counter = feedbackCounter();
  const records: Array<{ record: FeedbackRecord; closed: boolean }> = [];
  for (const p of tables.feedback_loop_pairs ?? []) {
    const loop = loops.get(String(p.loop_id));
    const run = runs.get(String(p.run_id));
    if (p.state !== "given" || !loop || !run || loop.template_type !== "feedback") continue;
    const cid = String(p.company_id);
    let company = companies.get(cid);
    if (!company) companies.set(cid, (company = companyFeedback(tables, cid)));
    const sender = company.byId.get(String(p.sender_id));
    const receiver = company.byId.get(String(p.receiver_id));
    if (!sender) continue;
    const toCompany = p.receiver_id === cid;
    if (!receiver && !toCompany) continue;
    const format = (loop.template_format as FeedbackFormat | null) ?? "FreeText";
    const w = written(company, format, receiver ?? sender, random);
    const kind = LOOP_ITEM_KIND[loop.workflow_type as LoopType];
    const at = Number(p.given_at ?? Number(run.started_at) + DAY);
    const record = feedbackRecord({
      id: `fi-loop-${p.run_id}-${records.length + 1}`,
      companyId: cid,
      source: "loop",
      feedbackType: kind,
      feedbackTypeTitle: FEEDBACK_KIND_TITLES[kind],
      templateType: format,
      texts: w.texts,
      blocks: loop.template_format ? [] : JSON.parse(String(loop.blocks)),
      dimensionInfos: toCompany || loop.hide_competency_selector ? [] : dimensionInfos(company, w.tags),
      senderId: sender.id,
      receiverId: String(p.receiver_id),
      loopId: String(loop.id),
      runId: String(run.id),
      anonymous: loop.anonymous === 1,
      at: new Date(at),
      runDeadline: new Date(Number(run.deadline_at)),
      receiverIsPerson: !toCompany,
    });
    records.push({ record, closed: run.state === "closed" });
  }
  // Anonymous items of a closed run, per receiver: released together at the minimum, or never.
  const anonymousCount = new Map<string, number>();
  for (const { record, closed } of records) {
    if (!record.item.anonymous || !closed) continue;
    const key = `${record.item.runId}\u0000${record.item.receiverId}`;
    anonymousCount.set(key, (anonymousCount.get(key) ?? 0) + 1);
  }
  for (const { record } of records) {
    if (record.item.anonymous) {
      const key = `${record.item.runId}\u0000${record.item.receiverId}`;
      record.item.visible = (anonymousCount.get(key) ?? 0) >= (floors.get(record.item.companyId) ?? 3);
      if (!record.item.visible) continue;
    }
    counter.add(record);
  }
  return { feedback_items: records.map((r) => feedbackItemRow(r.record.item)), ...counter.take() };
}
