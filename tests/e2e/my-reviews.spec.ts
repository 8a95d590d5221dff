import { expect, test, type Page } from "@playwright/test";
import { answerAll, signIn } from "./support";

// My Reviews (000 §2 "My reviews", §3 "Review result", §4 "Result sharing"), through the real UI:
// an admin launches a review of its own (so no seeded pair another spec relies on changes), the
// reviewer answers it from the to-do page, and each person then finds the result in the tab the
// campaign's sharing settings give them, or nowhere (no row, and 404 on the result's address).
// The people used here are not changed by any other spec: Acme's Dina, Paula, Quentin, Jonas,
// Felix, Iris, Tariq, Kenji, Olivia, Bella, Carlos, Victor, Sam and Nina; Globex's Ivy, Jack,
// Gary, Nora and Kim. (This file runs first of all the specs, on the freshly seeded database.)

const MY = "/reviews/my-reviews";
const ANSWER = "Thoughtful and reliable";
const HIDDEN_DATE = "Date not shown (anonymous)";

type Tab = "received" | "team" | "given" | "shared";
const TABS: Tab[] = ["received", "team", "given", "shared"];
const TAB_LABELS: Record<Tab, string> = {
  received: "Reviews received",
  team: "My team",
  given: "Reviews given",
  shared: "Shared with me",
};

/** The seeded people (app/db/seed/demo.ts: the e-mail's local part capitalised plus a surname). */
const ACME = {
  alice: { email: "alice@acme.test", name: "Alice Rossi" },
  dina: { email: "dina@acme.test", name: "Dina Moreau" },
  paula: { email: "paula@acme.test", name: "Paula Haddad" },
  victor: { email: "victor@acme.test", name: "Victor Morgan" }, // manages Dina and Bella
  sam: { email: "sam@acme.test", name: "Sam Fernandes" },
  quentin: { email: "quentin@acme.test", name: "Quentin Ivanova" },
  jonas: { email: "jonas@acme.test", name: "Jonas Silva" },
  felix: { email: "felix@acme.test", name: "Felix Usman" }, // manages Quentin
  iris: { email: "iris@acme.test", name: "Iris Khan" }, // manages Jonas, not Quentin
  tariq: { email: "tariq@acme.test", name: "Tariq Varga" },
  kenji: { email: "kenji@acme.test", name: "Kenji García" },
  olivia: { email: "olivia@acme.test", name: "Olivia Lindqvist" }, // manages Tariq
  bella: { email: "bella@acme.test", name: "Bella Kowalski" },
  carlos: { email: "carlos@acme.test", name: "Carlos Dubois" },
  nina: { email: "nina@acme.test", name: "Nina Park" },
} as const;
const GLOBEX = {
  gina: { email: "gina@globex.test", name: "Gina Schmidt" },
  ivy: { email: "ivy@globex.test", name: "Ivy García" }, // in the "Onboarding Buddies" relationship
  jack: { email: "jack@globex.test", name: "Jack Quinn" },
  gary: { email: "gary@globex.test", name: "Gary Novak" }, // manages Ivy and Jack
  nora: { email: "nora@globex.test", name: "Nora Oliveira" }, // in "Onboarding Buddies"
  kim: { email: "kim@globex.test", name: "Kim Weber" }, // neither
} as const;
type Person = { email: string; name: string };

/** Signs in as someone else in the same page (the previous session's cookie is dropped first). */
async function as(page: Page, person: Person) {
  await page.context().clearCookies();
  await signIn(page, person.email);
}

/** Waits until the page is hydrated (client-side handlers attached) when JavaScript is on. */
async function settle(page: Page, js: boolean) {
  if (js) await page.waitForLoadState("networkidle");
}

interface LaunchSpec {
  title: string;
  /** The workspace (Acme) or group (Globex) everyone is a member of. */
  channel: { label: "Workspace" | "Group"; option: string };
  anonymous?: boolean;
  share: { type: "manual"; canShare: string[] } | { type: "automated"; shareWith: string[]; after: string };
  reviewee: Person;
  reviewer: Person;
}

/** The signed-in admin launches a review of one pair through the Launch Review form; returns the review's id. */
async function launchReview(page: Page, js: boolean, spec: LaunchSpec) {
  await page.goto("/reviews/manage-reviews/launch-review");
  await settle(page, js);
  await page.getByLabel("Title", { exact: true }).fill(spec.title);
  await page.getByLabel(spec.channel.label, { exact: true }).selectOption({ label: spec.channel.option });
  await page.getByLabel("Questionnaire", { exact: true }).selectOption({ index: 1 });
  if (spec.anonymous) await page.getByRole("checkbox", { name: /^Anonymous/ }).check();
  await page.getByRole("checkbox", { name: "Share review results" }).check();
  if (spec.share.type === "manual") {
    await page.getByRole("radio", { name: "Manual", exact: true }).check();
    for (const label of spec.share.canShare) await page.getByRole("checkbox", { name: label, exact: true }).check();
  } else {
    await page.getByRole("radio", { name: "Automated", exact: true }).check();
    for (const label of spec.share.shareWith) await page.getByRole("checkbox", { name: label, exact: true }).check();
    await page.getByRole("radio", { name: spec.share.after, exact: true }).check();
  }
  if (js) {
    // The first auto-save makes the draft and the address becomes the draft's.
    await expect(page).toHaveURL(/\/reviews\/manage-reviews\/draft\/[0-9a-f-]{36}$/);
  } else {
    await page.getByRole("button", { name: "Save Draft" }).click();
    await expect(page).toHaveURL(/\/reviews\/manage-reviews\/draft\/[0-9a-f-]{36}$/);
  }
  await page.locator("#person-reviewee").fill(spec.reviewee.email);
  await page.locator("#person-reviewer").fill(spec.reviewer.email);
  await page.getByRole("button", { name: "Add Pair" }).click();
  await expect(page.getByText("1 pair added", { exact: true })).toBeVisible();
  const rows = page.getByRole("table", { name: "Audience pairs" }).locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.locator("td").nth(0)).toHaveText(spec.reviewee.name);
  await expect(rows.locator("td").nth(1)).toHaveText(spec.reviewer.name);
  const id = /\/draft\/([0-9a-f-]{36})/.exec(page.url())![1];

  await page.getByRole("button", { name: "Launch Review" }).click();
  const confirm = page.getByRole("dialog", { name: "Launch Review?" }).or(page.getByRole("alertdialog", { name: "Launch Review?" }));
  await confirm.getByRole("button", { name: "Launch Review" }).click();
  await expect(page.getByText("Review launched successfully")).toBeVisible();
  return id;
}

/** The signed-in reviewer's to-do of `reviewee` in the review `title` (its pair id, from the Progress panel's link). */
async function todoPairId(page: Page, title: string, reviewee: Person) {
  await page.goto("/reviews/todos");
  const link = page.locator(`section[aria-label="${title}"] a[href^="/reviews/todos/"]`).filter({ hasText: reviewee.name });
  await expect(link).toHaveCount(1);
  const href = (await link.getAttribute("href"))!;
  return decodeURIComponent(href.slice("/reviews/todos/".length));
}

/** The signed-in admin closes the review from its detail page, confirming Finalize Review. */
async function finalize(page: Page, js: boolean, reviewId: string) {
  await page.goto(`/reviews/manage-reviews/${reviewId}`);
  await settle(page, js);
  await page.getByRole("button", { name: "Finalize Review" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Finalize Review" }).click();
  await expect(page).toHaveURL(/\/reviews\/manage-reviews(\?.*)?$/);
}

/** The signed-in reviewer answers and submits the review, confirming it. */
async function completeReview(page: Page, js: boolean, pairId: string) {
  await page.goto(`/reviews/todos/${encodeURIComponent(pairId)}`);
  await settle(page, js);
  await answerAll(page, ANSWER);
  // With JavaScript the answers save themselves; let that finish before submitting.
  if (js) await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to submit the review?" });
  await confirm.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Review submitted successfully")).toBeVisible();
}

const tabUrl = (tab: Tab) => `${MY}?tab=${tab}`;
const resultUrl = (tab: Tab, pairId: string) => `${MY}?tab=${tab}&review=${encodeURIComponent(pairId)}`;
const resultRow = (page: Page, pairId: string) => page.locator(`tr[data-review-id="${pairId}"]`);

/** My Reviews, on `tab` chosen from the tab list. */
async function openTab(page: Page, tab: Tab) {
  await page.goto(MY);
  await page.getByRole("tab", { name: TAB_LABELS[tab] }).click();
  await expect(page).toHaveURL(tabUrl(tab));
  await expect(page.getByRole("tab", { name: TAB_LABELS[tab], selected: true })).toBeVisible();
  await expect(page.getByRole("tabpanel")).toBeVisible();
}

/** The signed-in person does not find the result in `tab`: no row, and its address answers 404. */
async function expectNotShown(page: Page, tab: Tab, pairId: string) {
  await openTab(page, tab);
  await expect(resultRow(page, pairId)).toHaveCount(0);
  const response = await page.goto(resultUrl(tab, pairId));
  expect(response?.status(), `${tab} result ${pairId}`).toBe(404);
  await expect(page.locator("#review-result")).toHaveCount(0);
}

/**
 * The signed-in person finds the result in `tab`: one row naming the review, the reviewee and the
 * reviewer as shown (a name or 'You'), whose View result link opens the answers.
 */
async function expectShown(page: Page, tab: Tab, pairId: string, shown: { title: string; reviewee: string; reviewer: string }) {
  await openTab(page, tab);
  const row = resultRow(page, pairId);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").nth(0)).toHaveText(shown.title);
  await expect(row.getByRole("cell").nth(1)).toHaveText(shown.reviewee);
  await expect(row.getByRole("cell").nth(2)).toHaveText(shown.reviewer);
  await row.getByRole("link", { name: `View result of ${shown.title} for ${shown.reviewee}` }).click();
  await expect(page).toHaveURL(`${resultUrl(tab, pairId)}#review-result`);
  const result = page.locator("#review-result");
  await expect(result.getByRole("heading", { name: shown.title })).toBeVisible();
  await expect(result).toContainText(`${shown.reviewee} · reviewed by ${shown.reviewer}`);
  await expect(result.getByText(ANSWER).first()).toBeVisible();
  await expect(row.getByRole("link", { name: /^Hide result/ })).toBeVisible();
}

/** Someone with no part in the review finds it in no tab. */
async function expectNowhere(page: Page, pairId: string) {
  for (const tab of TABS) await expectNotShown(page, tab, pairId);
}

const stamp = () => `${Date.now().toString(36)}`;

/**
 * Manual sharing by the reviewer (canShare ["reviewer"]): the reviewer reads their result under
 * Reviews given at once; the reviewee only after 'Share with {reviewee}'; the reviewee's manager
 * (not allowed to share in this review) and an outsider never.
 */
async function manualSharing(
  page: Page,
  js: boolean,
  people: { admin: Person; reviewee: Person; reviewer: Person; manager: Person; outsider: Person }
) {
  const { admin, reviewee, reviewer, manager, outsider } = people;
  const title = `E2E manual share ${js ? "JS" : "no-JS"} ${stamp()}`;
  await as(page, admin);
  await launchReview(page, js, {
    title,
    channel: { label: "Workspace", option: "Acme HQ" },
    share: { type: "manual", canShare: ["The reviewer, with the reviewee"] },
    reviewee,
    reviewer,
  });

  await as(page, reviewer);
  const pairId = await todoPairId(page, title, reviewee);
  // Not completed yet: not even the reviewer's own Reviews given lists it.
  await expectNotShown(page, "given", pairId);
  await completeReview(page, js, pairId);
  await expectShown(page, "given", pairId, { title, reviewee: reviewee.name, reviewer: "You" });

  // Completed but not shared: the reviewee and the manager do not see it.
  await as(page, reviewee);
  await expectNotShown(page, "received", pairId);
  await as(page, manager);
  await expectNotShown(page, "team", pairId);

  // The reviewer shares it from the completed review's to-do page.
  await as(page, reviewer);
  await page.goto(`/reviews/todos/${encodeURIComponent(pairId)}`);
  await settle(page, js);
  const share = page.getByRole("button", { name: `Share with ${reviewee.name}` });
  await share.click();
  await expect(page.getByText(`Shared with ${reviewee.name}`, { exact: true })).toBeVisible();
  // Shared once: the button is gone.
  await expect(share).toHaveCount(0);

  await as(page, reviewee);
  await expectShown(page, "received", pairId, { title, reviewee: reviewee.name, reviewer: reviewer.name });
  // It is the reviewee's to receive, not theirs to have given.
  await expectNotShown(page, "given", pairId);
  // Shared with the reviewee only: the manager still does not see it, nor does an outsider.
  await as(page, manager);
  await expectNotShown(page, "team", pairId);
  await expectNotShown(page, "received", pairId);
  await as(page, outsider);
  await expectNowhere(page, pairId);
}

test.describe("JavaScript on", () => {
  test.describe.configure({ timeout: 120_000 });
  const js = true;

  test("manual sharing: the reviewee sees the result only after the reviewer's 'Share with', others never", async ({ page }) => {
    await manualSharing(page, js, {
      admin: ACME.alice,
      reviewee: ACME.dina,
      reviewer: ACME.paula,
      manager: ACME.victor,
      outsider: ACME.sam,
    });
  });

  test("automated after submit to reviewees and managers, anonymous with one reviewer: below the floor only the reviewer sees it, undated", async ({
    page,
  }) => {
    const title = `E2E shared on submit ${stamp()}`;
    const { alice, quentin, jonas, felix, iris } = ACME;
    await as(page, alice);
    await launchReview(page, js, {
      title,
      channel: { label: "Workspace", option: "Acme HQ" },
      anonymous: true,
      share: { type: "automated", shareWith: ["Reviewees", "Managers of reviewees"], after: "After each review is submitted" },
      reviewee: quentin,
      reviewer: jonas,
    });

    await as(page, jonas);
    const pairId = await todoPairId(page, title, quentin);
    // Not submitted yet: nobody sees a result.
    await as(page, quentin);
    await expectNotShown(page, "received", pairId);
    await as(page, felix);
    await expectNotShown(page, "team", pairId);

    await as(page, jonas);
    await completeReview(page, js, pairId);
    // Automated sharing: the reviewer is not offered to share by hand.
    await page.goto(`/reviews/todos/${encodeURIComponent(pairId)}`);
    await expect(page.locator("#review-title")).toHaveText(title);
    await expect(page.getByRole("button", { name: /^Share with/ })).toHaveCount(0);
    // The reviewer reads their own review, as 'You'.
    await expectShown(page, "given", pairId, { title, reviewee: quentin.name, reviewer: "You" });

    // An anonymous review tells no one when it was submitted, not even its reviewer.
    await expect(resultRow(page, pairId).getByRole("cell").nth(3)).toHaveText(HIDDEN_DATE);
    await expect(page.locator("#review-result")).not.toContainText(/\b\d{1,2} [A-Z][a-z]{2} \d{4}\b/);

    // One reviewer of the company's anonymity floor of 3: the answers would point at them, so the
    // reviewee and the reviewee's manager do not see them (yet).
    await as(page, quentin);
    await expectNotShown(page, "received", pairId);
    await as(page, felix);
    await expectNotShown(page, "team", pairId);
    await expectNotShown(page, "received", pairId);

    // The reviewer's own manager manages someone else: nothing for them.
    await as(page, iris);
    await expectNowhere(page, pairId);
  });

  test("automated after close to reviewees: hidden until the admin finalizes the review, then shown with the reviewer's name", async ({
    page,
  }) => {
    const title = `E2E shared on close ${stamp()}`;
    const { alice, tariq, kenji, olivia } = ACME;
    await as(page, alice);
    const reviewId = await launchReview(page, js, {
      title,
      channel: { label: "Workspace", option: "Acme HQ" },
      share: { type: "automated", shareWith: ["Reviewees"], after: "After the review closes" },
      reviewee: tariq,
      reviewer: kenji,
    });

    await as(page, kenji);
    const pairId = await todoPairId(page, title, tariq);
    await completeReview(page, js, pairId);
    await expectShown(page, "given", pairId, { title, reviewee: tariq.name, reviewer: "You" });

    // Submitted, but the review is still live.
    await as(page, tariq);
    await expectNotShown(page, "received", pairId);
    await as(page, olivia);
    await expectNotShown(page, "team", pairId);

    // The admin finalizes (closes) the review.
    await as(page, alice);
    await finalize(page, js, reviewId);

    await as(page, tariq);
    await expectShown(page, "received", pairId, { title, reviewee: tariq.name, reviewer: kenji.name });
    // Shared with reviewees only: the reviewee's manager does not see it.
    await as(page, olivia);
    await expectNotShown(page, "team", pairId);
    await as(page, kenji);
    await expectShown(page, "given", pairId, { title, reviewee: tariq.name, reviewer: "You" });
  });
});

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });
  test.describe.configure({ timeout: 120_000 });
  const js = false;

  test("manual sharing: the reviewee sees the result only after the reviewer's 'Share with', others never", async ({ page }) => {
    await manualSharing(page, js, {
      admin: ACME.alice,
      reviewee: ACME.bella,
      reviewer: ACME.carlos,
      manager: ACME.victor,
      outsider: ACME.nina,
    });
  });

  test("automated after close, anonymous (Globex), one reviewer: below the floor reviewee, manager and relationship never see it", async ({
    page,
  }) => {
    const title = `E2E shared with buddies on close ${stamp()}`;
    const { gina, ivy, jack, gary, nora, kim } = GLOBEX;
    await as(page, gina);
    const reviewId = await launchReview(page, js, {
      title,
      channel: { label: "Group", option: "Globex All Hands" },
      anonymous: true,
      share: {
        type: "automated",
        shareWith: ["Reviewees", "Managers of reviewees", "Onboarding Buddies"],
        after: "After the review closes",
      },
      reviewee: ivy,
      reviewer: jack,
    });

    await as(page, jack);
    const pairId = await todoPairId(page, title, ivy);
    await completeReview(page, js, pairId);
    await expectShown(page, "given", pairId, { title, reviewee: ivy.name, reviewer: "You" });

    // Submitted, but the review is still live: nobody else sees it.
    for (const [person, tab] of [
      [ivy, "received"],
      [gary, "team"],
      [nora, "shared"],
    ] as const) {
      await as(page, person);
      await expectNotShown(page, tab, pairId);
    }

    await as(page, gina);
    await finalize(page, false, reviewId);

    // Closed, but one reviewer of the company's anonymity floor of 3: the reviewee, the reviewee's
    // manager and the other member of the relationship still see nothing (it would point at Jack).
    for (const [person, tab] of [
      [ivy, "received"],
      [gary, "team"],
      [nora, "shared"],
    ] as const) {
      await as(page, person);
      await expectNotShown(page, tab, pairId);
    }
    await as(page, jack);
    await expectShown(page, "given", pairId, { title, reviewee: ivy.name, reviewer: "You" });
    await expect(resultRow(page, pairId).getByRole("cell").nth(3)).toHaveText(HIDDEN_DATE);
    // The reviewer reads it under Reviews given only (not as a relationship's share or a team result).
    await as(page, jack);
    await expectNotShown(page, "shared", pairId);
    await expectNotShown(page, "received", pairId);
    // Someone in neither the relationship nor the reviewee's line sees nothing.
    await as(page, kim);
    await expectNowhere(page, pairId);
  });
});
