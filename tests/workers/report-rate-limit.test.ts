import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { REPORT_LIMIT, REPORT_LIMIT_REACHED } from "~/modules/reports/generated.server";
import { postForm, sessionFor } from "./helpers";
import { ON_TIME_QUESTION } from "./review-blocks";

// Report files are made by the queue with a headless browser or a large workbook: one person
// asking for file after file would hold the queue for everyone. Each person may ask for a few in
// a window; past that the page says so and nothing is written or queued.

const LIST = "/reviews/manage-reviews";

async function seedReview(company: "c-acme" | "c-globex" = "c-acme") {
  const id = `rc-${crypto.randomUUID()}`;
  const acme = company === "c-acme";
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO review_campaigns (id, company_id, title, state, workspace_id, group_id, anonymous, template_title, template_blocks,
        created_by, launched_at, updated_at) VALUES (?, ?, 'Limit review', 'live', ?, ?, 0, 'Check-in', ?, ?, ?, ?)`
    ).bind(
      id,
      company,
      acme ? "w-acme-hq" : null,
      acme ? null : "g-globex-all",
      JSON.stringify([ON_TIME_QUESTION]),
      acme ? "u-acme-alice" : "u-globex-gina",
      Date.UTC(2030, 0, 1),
      Date.now()
    ),
    env.DB.prepare(
      `INSERT INTO review_pairs (id, company_id, campaign_id, reviewee_id, reviewer_id, state, answers, updated_at)
        VALUES (?, ?, ?, ?, ?, 'completed', ?, 0)`
    ).bind(
      `${id}-p0`,
      company,
      id,
      acme ? "u-acme-eve" : "u-globex-mike",
      acme ? "u-acme-ed" : "u-globex-tina",
      JSON.stringify({ "b-time": { value: 1, comment: "done" } })
    ),
  ]);
  return { id, path: `${LIST}/${id}`, pairId: `${id}-p0` };
}

function toastOf(response: Response): { type: string; message: string } | null {
  const match = (response.headers.get("Set-Cookie") ?? "").match(/__toast=([^;]+)/);
  if (!match) return null;
  const binary = atob(decodeURIComponent(match[1]));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
}

const rowsOf = async (userId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM generated_reports WHERE requested_by = ?").bind(userId).first<{ n: number }>())!.n;

function captureJobs() {
  const sent: unknown[] = [];
  vi.spyOn(env.JOBS, "send").mockImplementation(async (body: unknown) => {
    sent.push(body);
    return undefined as never;
  });
  return sent;
}

afterEach(() => vi.restoreAllMocks());

describe("report requests per person", () => {
  it(`takes ${REPORT_LIMIT.count} in the window, refuses the next from every download form, and counts each person alone`, async () => {
    const review = await seedReview();
    const sent = captureJobs();
    const alice = await sessionFor("alice@acme.test");
    for (let i = 0; i < REPORT_LIMIT.count; i++) {
      const response = await postForm(review.path, { intent: "statusReport", reportType: "review" }, alice);
      expect(toastOf(response)).toMatchObject({ type: "success" });
    }
    expect(sent).toHaveLength(REPORT_LIMIT.count);
    const refusals = [
      await postForm(review.path, { intent: "statusReport", reportType: "review" }, alice),
      await postForm(review.path, { intent: "pair", pairAction: "download", pairId: review.pairId }, alice),
      await postForm("/reviews/reports", { intent: "download", report: `${review.id}:u-acme-eve` }, alice),
      await postForm(
        `/reviews/reports/reviewee?revieweeId=u-acme-eve&reviewIds=${review.id}`,
        { intent: "download", format: "pdf", revieweeId: "u-acme-eve", reviewIds: review.id },
        alice
      ),
      await postForm("/reviews/reports-table", { intent: "download", title: "Everything" }, alice),
      await postForm("/surveys/reports?surveyId=sr-acme-engagement-1", { intent: "pdf", surveyId: "sr-acme-engagement-1" }, alice),
    ];
    for (const response of refusals) {
      expect(response.status).toBe(302);
      expect(toastOf(response)).toMatchObject({ type: "error", message: REPORT_LIMIT_REACHED });
    }
    expect(sent).toHaveLength(REPORT_LIMIT.count);
    expect(await rowsOf("u-acme-alice")).toBe(REPORT_LIMIT.count);
    // Someone else is not held back by Alice's requests.
    const globex = await seedReview("c-globex");
    const gina = await postForm(globex.path, { intent: "statusReport", reportType: "review" }, await sessionFor("gina@globex.test"));
    expect(toastOf(gina)).toMatchObject({ type: "success" });
    // Once her requests are older than the window she may ask again.
    await env.DB.prepare("UPDATE generated_reports SET created_at = created_at - ? WHERE requested_by = 'u-acme-alice'")
      .bind(REPORT_LIMIT.windowMs + 1000)
      .run();
    expect(toastOf(await postForm(review.path, { intent: "statusReport", reportType: "review" }, alice))).toMatchObject({ type: "success" });
  });

  it("holds under concurrent requests: never more rows than the limit", async () => {
    const review = await seedReview();
    captureJobs();
    await env.DB.prepare("DELETE FROM generated_reports WHERE requested_by = 'u-acme-alice'").run();
    const alice = await sessionFor("alice@acme.test");
    const responses = await Promise.all(
      Array.from({ length: REPORT_LIMIT.count + 5 }, () => postForm(review.path, { intent: "statusReport", reportType: "review" }, alice))
    );
    const queued = responses.filter((r) => toastOf(r)?.type === "success").length;
    expect(await rowsOf("u-acme-alice")).toBe(queued);
    expect(queued).toBe(REPORT_LIMIT.count);
  });
});
