import { postAtOnce } from "./burst.mjs";
// Feedback loops in the benchmark (tests/bench/run.mjs): the loop configuration page and a Give
// Feedback page (page targets), and 500 senders giving feedback at once on Initech's open run.
//
// Ids come from app/db/seed/feedback-loops.ts (LARGE_FEEDBACK): the 5,000-pair manager-downward
// library loop fl-initech-launch (configuration page), and the open run fr-initech-open of loop
// fb-initech-open with 500 pending pairs. Who gives to whom, the loop's format and questions are
// read from D1 before the server starts; what landed is read back after it stopped.

export const FEEDBACK_TARGETS = ["feedback-config", "feedback-give", "feedback-submit"];
/** Senders of the open run who post twice side by side (a double click): one of the two may land. */
export const DOUBLE_SENDERS = 50;
const PROXY_RETRIES = 3;

const LANDED = "landed";
/** wrangler dev's proxy (patches/wrangler+4.124.0.patch) answers this 502 when its forward to the Worker loses the connection; a POST is not retried by it. */
const PROXY_LOST = "lost by wrangler dev's proxy (502)";

/** The library loop's configuration page, for Initech's admin (ViewFeedbackLoops: an admin on Slack-type). */
export function feedbackPages(ids) {
  return [
    {
      key: "feedback-config",
      name: "feedback loop configuration page",
      path: `/workflows/library/feedback/${ids.launchLibraryLoopId}/config`,
      note: `Workflows › Library: the configuration of ${ids.launchLibraryLoopId}, a manager-downward loop over Initech's 5,000 people (its pairs, preview and launch check)`,
    },
    {
      key: "feedback-give",
      name: "Give Feedback page",
      // Set from D1 before the server starts: the first pending pair of the open run, seen by its sender.
      path: null,
      note: `the Give Feedback form of the open run ${ids.openRunId} for one receiver, as its sender sees it`,
    },
  ];
}

/** LARGE_FEEDBACK of the loops' seed module. */
export async function feedbackIds(loadSeedModule) {
  const loops = await loadSeedModule("../../app/db/seed/feedback-loops.ts");
  return loops.LARGE_FEEDBACK;
}

const TEXT_FIELDS = {
  SBI: ["situationText", "behaviorText", "impactText", "sbiNextStepText"],
  SaD: ["strengthText", "developmentAreaText", "sdNextStepText"],
  FreeText: ["feedbackText"],
};
/** The stored column of each format's first text (where the bench's tag is looked for). */
const FIRST_COLUMN = { SBI: "situation_text", SaD: "strength_text", FreeText: "feedback_text" };

/**
 * Before the server starts: the open run, its loop's format and questions, one competency and
 * behaviour to tag, and one pending pair for each of the first `openSenders` senders (their e-mail
 * for the demo sign-in). The form each sender posts answers everything the page asks, the way the
 * page posts it, with a text naming the sender so D1 can say whose item is whose.
 */
export async function feedbackPlan({ ids, d1Rows, sqlString, BenchError }) {
  const run = sqlString(ids.openRunId);
  const [[loopRun], pairs, [tag]] = await d1Rows(
    "read the open feedback run",
    `SELECT r.state AS state, r.deadline_at AS deadlineAt, r.given_count AS given, r.pair_count AS pairCount, l.template_format AS format,
            l.blocks AS blocks, l.anonymous AS anonymous, l.hide_competency_selector AS hideCompetencies
       FROM feedback_loop_runs r JOIN feedback_loops l ON l.id = r.loop_id AND l.company_id = r.company_id
      WHERE r.id = ${run} AND r.loop_id = ${sqlString(ids.openLoopId)};
     SELECT p.sender_id AS senderId, p.receiver_id AS receiverId, u.email AS email FROM feedback_loop_pairs p
       JOIN users u ON u.id = p.sender_id AND u.company_id = p.company_id
      WHERE p.run_id = ${run} AND p.state = 'pending' AND u.is_deleted = 0 ORDER BY p.sender_id, p.receiver_id;
     SELECT c.id AS competencyId, b.id AS behaviourId FROM competencies c JOIN behaviours b ON b.competency_id = c.id
      WHERE c.company_id = 'c-initech' ORDER BY c.id, b.position LIMIT 1`
  );
  if (!loopRun || loopRun.state !== "open" || Number(loopRun.deadlineAt) <= Date.now())
    throw new BenchError(`the seed has no open feedback run ${ids.openRunId} of loop ${ids.openLoopId} (app/db/seed/feedback-loops.ts)`);
  const bySender = new Map();
  for (const p of pairs) if (!bySender.has(p.senderId)) bySender.set(p.senderId, p);
  const chosen = [...bySender.values()].slice(0, ids.openSenders);
  if (chosen.length < ids.openSenders)
    throw new BenchError(`feedback run ${ids.openRunId} has ${chosen.length} senders with a pending pair, not ${ids.openSenders}`);
  const format = loopRun.format ?? null;
  const blocks = JSON.parse(loopRun.blocks ?? "[]");
  const questions = blocks.flatMap((b) => (b.type === "group" ? b.questions : [b]));
  const stamp = Date.now().toString(36);
  const senders = chosen.map((pair, n) => {
    const text = `Bench ${stamp} ${pair.senderId}`;
    const form = new URLSearchParams({ intent: "send", requestId: crypto.randomUUID() });
    for (const field of TEXT_FIELDS[format] ?? []) form.append(field, `${text}: ${field}`);
    for (const q of questions) {
      const field = (part) => `a.${q.id}.${part}`;
      if (q.type === "short-text" || q.type === "long-text" || q.type === "text-input") form.append(field("value"), `${text}: ${q.id}`);
      const choices = q.multiSelectValue?.choices ?? q.choices;
      if (choices?.length) form.append(field("value"), String(choices[n % choices.length].value));
      if (q.multiSelectValue?.commentBox || q.commentBox) form.append(field("comment"), `Bench comment ${n}`);
    }
    if (!loopRun.hideCompetencies && tag) {
      form.append("competency", tag.competencyId);
      form.append(`behaviour.${tag.behaviourId}`, n % 2 ? "developmentArea" : "strength");
    }
    return { id: pair.senderId, email: pair.email, receiverId: pair.receiverId, text, body: form.toString() };
  });
  return {
    ids,
    format,
    anonymous: Boolean(loopRun.anonymous),
    textColumn: FIRST_COLUMN[format] ?? null,
    senders,
    pairCount: Number(loopRun.pairCount),
    givenBefore: Number(loopRun.given),
    givePath: (s) => `/feedback/give/${encodeURIComponent(ids.openRunId)}/${encodeURIComponent(s.receiverId)}`,
  };
}

/** landed (a redirect with no error toast), or what the answer was instead. */
async function outcomeOf(res, toastOf) {
  const body = await res.text();
  if (res.status === 302 || res.status === 303) {
    const toast = await toastOf(res.headers.getSetCookie());
    return toast?.type === "error" ? `error toast: ${toast.message}` : LANDED;
  }
  if (res.status === 502 && /could not be reached for this request/.test(body)) return PROXY_LOST;
  return `HTTP ${res.status}`;
}

/** Every post at the same moment, each answer timed. */
function giveAtOnce(origin, plan, posts, toastOf, percentile) {
  return postAtOnce(posts, { origin, pathOf: plan.givePath, outcomeOf: (res) => outcomeOf(res, toastOf), landed: LANDED, percentile });
}

/**
 * The burst: every sender (signed in with their own session) posts the Give Feedback form for
 * their receiver at the same moment; the first DOUBLE_SENDERS post it twice side by side. A post
 * wrangler dev's own proxy lost is sent again after the burst (up to PROXY_RETRIES times). Whether
 * each item landed exactly once is D1's to say (feedbackStored).
 */
export async function feedbackSubmitRun({ origin, plan, signInEach, toastOf, percentile, log, sleep }) {
  const t = performance.now();
  await signInEach(plan.senders);
  log(
    `signed in ${plan.senders.length} senders of ${plan.ids.openRunId} in ${((performance.now() - t) / 1000).toFixed(
      1
    )} s; all give at once (${DOUBLE_SENDERS} of them twice)`
  );
  const burst = await giveAtOnce(
    origin,
    plan,
    plan.senders.flatMap((s, i) => (i < DOUBLE_SENDERS ? [s, s] : [s])),
    toastOf,
    percentile
  );
  const retries = [];
  const settled = new Set();
  let answers = burst.answers;
  for (;;) {
    for (const a of answers) if (a.outcome !== PROXY_LOST) settled.add(a.poster);
    const lost = [...new Set(answers.filter((a) => a.outcome === PROXY_LOST && !settled.has(a.poster)).map((a) => a.poster))];
    if (lost.length === 0 || retries.length === PROXY_RETRIES) break;
    log(`wrangler dev's proxy lost the feedback of ${lost.map((s) => s.email).join(", ")}: sending it again`);
    await sleep(500);
    retries.push(await giveAtOnce(origin, plan, lost, toastOf, percentile));
    answers = retries.at(-1).answers;
  }
  return { burst, retries };
}

/** After the run (server stopped): the run's items, its pairs given, its count, and whose text each item carries. */
export async function feedbackStored({ plan, d1Rows, sqlString }) {
  const run = sqlString(plan.ids.openRunId);
  const textOf = plan.textColumn ? `i.${plan.textColumn}` : "i.answers";
  const [[loopRun], items, given] = await d1Rows(
    "read back the feedback given",
    `SELECT given_count AS given, state FROM feedback_loop_runs WHERE id = ${run};
     SELECT i.sender_id AS senderId, i.receiver_id AS receiverId, ${textOf} AS text FROM feedback_items i WHERE i.run_id = ${run};
     SELECT sender_id AS senderId, receiver_id AS receiverId FROM feedback_loop_pairs WHERE run_id = ${run} AND state = 'given'`
  );
  const planned = new Map(plan.senders.map((s) => [`${s.id}/${s.receiverId}`, s]));
  // Whose item: its sender, or on an anonymous loop the sender named in the bench's text.
  const whose = (item) =>
    plan.anonymous
      ? plan.senders.find((s) => s.receiverId === item.receiverId && String(item.text ?? "").includes(s.text))
      : planned.get(`${item.senderId}/${item.receiverId}`);
  const perSender = new Map();
  let strangers = 0;
  let asSent = 0;
  for (const item of items) {
    const sender = whose(item);
    if (!sender) {
      strangers++;
      continue;
    }
    perSender.set(sender, (perSender.get(sender) ?? 0) + 1);
    if (String(item.text ?? "").includes(sender.text)) asSent++;
  }
  return {
    items: items.length,
    onceEach: plan.senders.filter((s) => perSender.get(s) === 1).length,
    strangers,
    asSent,
    pairsGiven: given.filter((p) => planned.has(`${p.senderId}/${p.receiverId}`)).length,
    otherPairsGiven: given.filter((p) => !planned.has(`${p.senderId}/${p.receiverId}`)).length,
    givenCount: Number(loopRun?.given ?? NaN),
    state: loopRun?.state ?? null,
  };
}

export function feedbackSubmitCheck(plan, { burst, retries }, stored, ms) {
  const n = plan.senders.length;
  const all = [...burst.answers, ...retries.flatMap((r) => r.answers)];
  const landedBy = new Map(plan.senders.map((s) => [s, 0]));
  for (const a of all) if (a.outcome === LANDED) landedBy.set(a.poster, landedBy.get(a.poster) + 1);
  // Each sender's first post must land; a second one (the double click) may land (the same answer again) or be refused, never fail.
  const everyoneLanded = plan.senders.every((s) => landedBy.get(s) >= 1);
  const failed = all.filter((a) => a.outcome.startsWith("error:") || /^HTTP 5/.test(a.outcome));
  const tally = Object.entries(burst.outcomes)
    .filter(([k]) => k !== LANDED)
    .map(([k, v]) => `${v} × ${k}`)
    .join(", ");
  const ok =
    n === plan.ids.openSenders &&
    everyoneLanded &&
    failed.length === 0 &&
    stored.items === n + plan.givenBefore &&
    stored.onceEach === n &&
    stored.strangers === plan.givenBefore &&
    stored.asSent === n &&
    stored.pairsGiven === n &&
    stored.givenCount === n + plan.givenBefore &&
    stored.state === "open";
  return [
    `${n} senders giving feedback at once on ${
      plan.ids.openRunId
    } (each signed in, the Give Feedback form's post; ${DOUBLE_SENDERS} of them twice): ${burst.landed} of ${burst.requests} posts landed${
      tally ? `, ${tally}` : ""
    }${retries.length ? `; ${retries.flatMap((r) => r.answers).length} lost post(s) sent again` : ""}; in D1 ${
      stored.items
    } items on the run (${stored.onceEach} senders exactly once, ${stored.asSent} as sent, ${stored.strangers} from no planned pair), ${
      stored.pairsGiven
    } of their pairs given (${stored.otherPairsGiven} others), given_count ${stored.givenCount}; latency of the burst: first ${ms(
      burst.min
    )} ms, p50 ${ms(burst.p50)} ms, p95 ${ms(burst.p95)} ms, max ${ms(burst.max)} ms; all answered in ${burst.seconds.toFixed(
      1
    )} s (target: each item stored exactly once)`,
    ok,
  ];
}
