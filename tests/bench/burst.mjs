/**
 * A burst of form posts sent at the same moment, each answer timed: the survey submit and the
 * feedback give targets both measure this way. `answers[i]` answers `posts[i]` (as `poster`);
 * `outcomeOf(res)` reads an answer (and its body) into an outcome, `landed` names the good one.
 */
export async function postAtOnce(posts, { origin, pathOf, outcomeOf, landed, percentile }) {
  const started = performance.now();
  const answers = await Promise.all(
    posts.map(async (poster) => {
      const t = performance.now();
      try {
        const res = await fetch(`${origin}${pathOf(poster)}`, {
          method: "POST",
          redirect: "manual",
          headers: { Cookie: poster.cookie, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
          body: poster.body,
          signal: AbortSignal.timeout(120_000),
        });
        return { poster, ms: performance.now() - t, outcome: await outcomeOf(res) };
      } catch (error) {
        return { poster, ms: performance.now() - t, outcome: `error: ${error.cause?.code ?? error.name}` };
      }
    })
  );
  const seconds = (performance.now() - started) / 1000;
  const outcomes = {};
  for (const a of answers) outcomes[a.outcome] = (outcomes[a.outcome] ?? 0) + 1;
  const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
  return {
    answers,
    requests: answers.length,
    landed: outcomes[landed] ?? 0,
    outcomes,
    seconds,
    min: latencies[0],
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: latencies.at(-1),
  };
}
