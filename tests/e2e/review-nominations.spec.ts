import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support";

// The full nomination path on the seeded live Acme review, where Leo's
// nomination is open and Kara is his manager. Leo nominates Omar and Nina; Kara denies Nina (a
// reason is required), approves Omar and adds Priya; Priya declines and Omar accepts, and the
// accepted nomination becomes one of Omar's reviews to give. Each person starts from their to-do
// list, where the nomination step is an item (000 §3 to-do types), struck through once answered.

const CAMPAIGN = "rc-acme-live";
const row = (page: Page, name: string) => page.locator("li[data-pair-id]").filter({ hasText: name });
/** Opens the to-do list and follows its item for `href` (a pending step). */
async function openFromTodos(page: Page, href: string, label: string) {
  await page.goto("/reviews/todos");
  const item = page.locator(`li[data-todo-state="pending"] a[href="${href}"]`);
  await expect(item).toContainText(label);
  await item.click();
  await expect(page).toHaveURL(href);
}

test("nominate, approve and deny with a reason, add a reviewer, decline and accept", async ({ browser }) => {
  const as = async (email: string) => {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, email);
    return page;
  };

  const leo = await as("leo@acme.test");
  await openFromTodos(leo, `/reviews/todos/awaiting-nomination/${CAMPAIGN}`, "Nominate your reviewers");
  await leo.getByRole("button", { name: "Submit nominations" }).click();
  await expect(leo.getByText("Please select at least one reviewer.")).toBeVisible();
  await leo.getByRole("checkbox", { name: /Omar Weber/ }).check();
  await leo.getByRole("checkbox", { name: /Nina Park/ }).check();
  await leo.getByRole("button", { name: "Submit nominations" }).click();
  await expect(leo.getByText("Nominations submitted successfully")).toBeVisible();
  await expect(leo.getByText("Your nominations were submitted.")).toBeVisible();
  await expect(leo.locator(`li[data-todo-state="completed"] a[href="/reviews/todos/awaiting-nomination/${CAMPAIGN}"]`)).toBeVisible();

  const kara = await as("kara@acme.test");
  const karaStep = `/reviews/todos/manager-approve-nomination/${CAMPAIGN}/u-acme-leo`;
  await openFromTodos(kara, karaStep, "Approve nominations of Leo Haddad");
  await row(kara, "Nina Park").getByRole("radio", { name: "Deny" }).check();
  await row(kara, "Omar Weber").getByRole("radio", { name: "Approve" }).check();
  await kara.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(kara.getByText("A reason is required to deny a nomination.")).toBeVisible();
  await row(kara, "Nina Park").getByRole("radio", { name: "Deny" }).check();
  await row(kara, "Omar Weber").getByRole("radio", { name: "Approve" }).check();
  await row(kara, "Nina Park").getByLabel("Reason (required to deny)").fill("Nina has not worked with Leo this year");
  await kara.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(kara.getByText("Nominations updated")).toBeVisible();
  const answered = kara.getByRole("table", { name: "Answered nominations" });
  await expect(answered.getByRole("row").filter({ hasText: "Nina Park" })).toContainText("Manager Rejected");
  await expect(answered.getByRole("row").filter({ hasText: "Omar Weber" })).toContainText("Manager Approved");
  await expect(kara.locator(`li[data-todo-state="completed"] a[href="${karaStep}"]`)).toBeVisible();
  await kara.getByRole("checkbox", { name: /Priya Khan/ }).check();
  await kara.getByRole("button", { name: "Add reviewers" }).click();
  await expect(kara.getByText(/Added: .*Priya Khan/)).toBeVisible();

  const priya = await as("priya@acme.test");
  await openFromTodos(priya, `/reviews/todos/reviewer-approve-nomination/${CAMPAIGN}`, "Nominated to review Leo Haddad");
  await row(priya, "Leo Haddad").getByRole("radio", { name: "Decline" }).check();
  await row(priya, "Leo Haddad").getByLabel("Reason (optional)").fill("Different team");
  await priya.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(priya.getByText("Nominations answered")).toBeVisible();

  const omar = await as("omar@acme.test");
  await openFromTodos(omar, `/reviews/todos/reviewer-approve-nomination/${CAMPAIGN}`, "Nominated to review Leo Haddad");
  await row(omar, "Leo Haddad").getByRole("radio", { name: "Accept" }).check();
  await omar.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(omar.getByText("Nominations answered")).toBeVisible();
  // The accepted nomination is now one of Omar's reviews to give.
  await omar.goto("/reviews/todos");
  await expect(omar.locator('li[data-todo-type="default"][data-todo-state="pending"]').filter({ hasText: "Leo Haddad" })).toBeVisible();
});

// The same path with JavaScript off, on Globex's live review (Teams-type): Abel's nomination is
// open and Zoe is his manager. Every step is a plain form post.
test("JavaScript off: the whole nomination path on Globex", async ({ browser }) => {
  // Four people sign in and every step is a full page load.
  test.setTimeout(90_000);
  const campaign = "rc-globex-live";
  const as = async (email: string) => {
    const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await signIn(page, email);
    return page;
  };

  const abel = await as("abel@globex.test");
  await openFromTodos(abel, `/reviews/todos/awaiting-nomination/${campaign}`, "Nominate your reviewers");
  await abel.getByRole("button", { name: "Submit nominations" }).click();
  await expect(abel.getByText("Please select at least one reviewer.")).toBeVisible();
  await abel.getByRole("checkbox", { name: /Bruno/ }).check();
  await abel.getByRole("checkbox", { name: /Cleo/ }).check();
  await abel.getByRole("button", { name: "Submit nominations" }).click();
  await expect(abel.getByText("Nominations submitted successfully")).toBeVisible();

  const zoe = await as("zoe@globex.test");
  const step = `/reviews/todos/manager-approve-nomination/${campaign}/u-globex-abel`;
  await openFromTodos(zoe, step, "Approve nominations of Abel");
  await row(zoe, "Cleo").getByRole("radio", { name: "Deny" }).check();
  await row(zoe, "Bruno").getByRole("radio", { name: "Approve" }).check();
  await zoe.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(zoe.getByText("A reason is required to deny a nomination.")).toBeVisible();
  await row(zoe, "Cleo").getByRole("radio", { name: "Deny" }).check();
  await row(zoe, "Bruno").getByRole("radio", { name: "Approve" }).check();
  await row(zoe, "Cleo").getByLabel("Reason (required to deny)").fill("Cleo leads another shift");
  await zoe.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(zoe.getByText("Nominations updated")).toBeVisible();
  await expect(zoe.locator(`li[data-todo-state="completed"] a[href="${step}"]`)).toBeVisible();
  await zoe.getByRole("checkbox", { name: /Elsa/ }).check();
  await zoe.getByRole("button", { name: "Add reviewers" }).click();
  await expect(zoe.getByText(/Added: .*Elsa/)).toBeVisible();

  const elsa = await as("elsa@globex.test");
  await openFromTodos(elsa, `/reviews/todos/reviewer-approve-nomination/${campaign}`, "Nominated to review Abel");
  await row(elsa, "Abel").getByRole("radio", { name: "Decline" }).check();
  await elsa.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(elsa.getByText("Nominations answered")).toBeVisible();

  const bruno = await as("bruno@globex.test");
  await openFromTodos(bruno, `/reviews/todos/reviewer-approve-nomination/${campaign}`, "Nominated to review Abel");
  await row(bruno, "Abel").getByRole("radio", { name: "Accept" }).check();
  await bruno.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(bruno.getByText("Nominations answered")).toBeVisible();
  await bruno.goto("/reviews/todos");
  await expect(bruno.locator('li[data-todo-type="default"][data-todo-state="pending"]').filter({ hasText: "Abel" })).toBeVisible();
});
