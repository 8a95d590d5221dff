import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { appFetch, postForm, sessionFor } from "./helpers";
import { attrs, texts, textOf } from "./shell-html";

const PATH = "/reviews/manage-reviews";

async function seed(company: string, rows: Array<[id: string, title: string, state: string, pairs?: Array<string>]>) {
  await env.DB.batch(
    rows.flatMap(([id, title, state, pairs = []], i) => [
      env.DB.prepare("INSERT INTO review_campaigns (id, company_id, title, state, created_by, updated_at) VALUES (?, ?, ?, ?, ?, ?)").bind(
        id,
        company,
        title,
        state,
        company === "c-acme" ? "u-acme-alice" : "u-globex-gina",
        1_790_000_000_000 + i
      ),
      ...pairs.map((pairState, j) =>
        env.DB.prepare(
          "INSERT INTO review_pairs (id, company_id, campaign_id, reviewee_id, reviewer_id, state, updated_at) VALUES (?, ?, ?, ?, ?, ?, 0)"
        ).bind(`${id}-p${j}`, company, id, `reviewee-${j}`, `reviewer-${j}`, pairState)
      ),
    ])
  );
}

describe("reviews list (000 §2, §4)", () => {
  it("opens on Live and Draft, shows the columns they call for, and links drafts to the draft page", async () => {
    await seed("c-acme", [
      ["r-draft", "Draft one", "draft"],
      ["r-live", "Live one", "live", ["completed", "pending", "started", "completed"]],
      ["r-closed", "Closed one", "closed"],
    ]);
    await seed("c-globex", [["r-globex", "Globex one", "live"]]);
    const cookie = await sessionFor("alice@acme.test");
    const html = await (await appFetch(PATH, { cookie })).text();
    // The demo seed has reviews of its own (app/db/seed/demo.ts): look at this test's rows only.
    const ours = (values: string[]) =>
      values.filter((v) => ["Live one", "Draft one", "Closed one"].includes(v) || /\/r-(live|draft|closed)$/.test(v));
    expect(ours(await texts(html, 'table[aria-label="Reviews"] tbody td:first-child a'))).toEqual(["Live one", "Draft one"]);
    expect(await texts(html, 'table[aria-label="Reviews"] thead th')).toEqual([
      "Title",
      "Nomination Status",
      "Start",
      "Launched By",
      "State",
      "End",
      "Updated At",
      "Progress",
      "Actions",
    ]);
    expect(ours(await attrs(html, "tbody td:first-child a", "href"))).toEqual([`${PATH}/r-live`, `${PATH}/draft/r-draft`]);
    expect(textOf(html)).toContain("2/4 (50%)");
    expect(textOf(html)).not.toContain("Globex one");
    expect(await attrs(html, `a[href="${PATH}/launch-review"]`, "href")).toHaveLength(1);
  });

  it("filters by status, and says when nothing is selected or nothing is found", async () => {
    await seed("c-acme", [["r-closed-2", "Closed two", "closed"]]);
    const cookie = await sessionFor("alice@acme.test");
    const closed = await (await appFetch(`${PATH}?filter=1&status=closed`, { cookie })).text();
    const titles = await texts(closed, "tbody td:first-child a");
    expect(titles).toContain("Closed two");
    expect(titles).not.toContain("Live one");
    // Closed only: no Nomination Status (Draft or Live), no Updated At (Draft).
    expect(await texts(closed, "thead th")).not.toContain("Updated At");
    expect(await texts(closed, "thead th")).not.toContain("Nomination Status");
    expect(textOf(await (await appFetch(`${PATH}?filter=1`, { cookie })).text())).toContain("Please select a status to view the reviews!");
    // Globex without scheduled reviews (the demo seed has one).
    await env.DB.prepare("DELETE FROM review_campaigns WHERE company_id = 'c-globex' AND state = 'scheduled'").run();
    const gina = await sessionFor("gina@globex.test");
    expect(textOf(await (await appFetch(`${PATH}?filter=1&status=scheduled`, { cookie: gina })).text())).toContain(
      "No reviews found. Launch a new one!"
    );
  });

  it("offers each state's row actions and carries them out through the campaign's Durable Object, after a confirmation", async () => {
    await seed("c-acme", [
      ["r-sched", "Scheduled one", "scheduled"],
      ["r-done", "Done one", "closed"],
    ]);
    const cookie = await sessionFor("alice@acme.test");
    const html = await (await appFetch(`${PATH}?filter=1&status=scheduled&status=closed`, { cookie })).text();
    expect(await attrs(html, 'tr[data-review-id="r-sched"] button', "aria-label")).toEqual([
      "Delete Schedule: Scheduled one",
      "Cancel Review: Scheduled one",
    ]);
    expect(await attrs(html, 'tr[data-review-id="r-done"] button', "aria-label")).toEqual([
      "Reopen Review: Done one",
      "Delete Review: Done one",
    ]);

    const ask = await postForm(PATH, { action: "deleteSchedule", id: "r-sched" }, cookie);
    expect(ask.status).toBe(200);
    const askHtml = await ask.text();
    expect(textOf(askHtml)).toContain("Delete Schedule: Scheduled one?");
    const requestId = (await attrs(askHtml, 'input[name="requestId"]', "value"))[0];
    const state = async () =>
      (await env.DB.prepare("SELECT state FROM review_campaigns WHERE id = 'r-sched'").first<{ state: string }>())?.state;
    expect(await state()).toBe("scheduled");
    const done = await postForm(PATH, { action: "deleteSchedule", id: "r-sched", confirmed: "true", requestId }, cookie);
    expect(done.status).toBe(302);
    expect(await state()).toBe("draft");
    // The same confirmation sent again is applied once (the request id is remembered).
    expect((await postForm(PATH, { action: "deleteSchedule", id: "r-sched", confirmed: "true", requestId }, cookie)).status).toBe(302);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM audit_events WHERE action = 'review.deleteSchedule' AND entity_id = 'r-sched'").first(
        "n"
      )
    ).toBe(1);

    // A transition the state does not allow is refused with the machine's reason, nothing written.
    const refused = await postForm(
      PATH,
      { action: "reopenReview", id: "r-sched", confirmed: "true", requestId: crypto.randomUUID() },
      cookie
    );
    expect(refused.status).toBe(302);
    expect(await state()).toBe("draft");

    await postForm(PATH, { action: "reopenReview", id: "r-done", confirmed: "true", requestId: crypto.randomUUID() }, cookie);
    expect(await env.DB.prepare("SELECT state FROM review_campaigns WHERE id = 'r-done'").first("state")).toBe("live");
  });

  it("answers 404 for another company's review and sends people without the permission home", async () => {
    await seed("c-globex", [["r-g", "Globex review", "closed"]]);
    const cookie = await sessionFor("alice@acme.test");
    expect((await postForm(PATH, { action: "deleteReview", id: "r-g" }, cookie)).status).toBe(404);
    expect((await postForm(PATH, { action: "deleteReview", id: "r-g", confirmed: "true", requestId: "x" }, cookie)).status).toBe(404);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM review_campaigns WHERE id = 'r-g'").first("n")).toBe(1);
    const sam = await sessionFor("sam@acme.test");
    const response = await appFetch(PATH, { cookie: sam });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });
});
