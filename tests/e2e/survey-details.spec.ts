import { expect, test, type Page } from "@playwright/test";
import { mainNav, signIn } from "./support";

// The survey screens' details surveys.spec.ts does not go through (001 §2, §5, §8, §9):
// the audience step's leave guard, the scheduler's auto-saved notification texts, a recurrence
// and its preview, Send Reminders with its errorInfo toast, and the audience types of each
// platform with the Teams-type group details. Each test makes its own survey from the library's
// Add New, under a title of its own, so the tests depend neither on each other nor on other specs.
//
// People: Acme's Quentin and Paula receive the reminders test's run; Quentin is excluded from the
// app for the errorInfo and included again at the end. No other browser test uses them.

const LIBRARY = "/surveys/survey-library";
const MANAGE = "/surveys/manage-surveys";
/** 001 §2, quoted (survey-machine.ts LEAVE_GUARD). */
const LEAVE_GUARD = "You have unsaved changes. Are you sure to leave the page?";
const TEMPLATE = "Employee Engagement";

/** Waits until the page is hydrated (client-side handlers attached). */
const settle = (page: Page) => page.waitForLoadState("networkidle");

const unique = (what: string) => `E2E ${what} ${Date.now()}`;

/**
 * From the library's Add New (the templates page): a blank survey, or one from `TEMPLATE`, in
 * `place`; named `title` in the builder; Save & Next. Ends on the audience step; returns the id.
 */
async function createSurvey(page: Page, o: { title: string; placeLabel: "Workspace" | "Group"; place: string; fromTemplate?: boolean }) {
  await page.goto(LIBRARY);
  await settle(page);
  await page.getByRole("main").getByRole("link", { name: "Add New", exact: true }).first().click();
  await expect(page.getByRole("heading", { name: "Survey Templates" })).toBeVisible();
  await settle(page);
  if (o.fromTemplate) await page.getByRole("link", { name: new RegExp(`^${TEMPLATE}`) }).click();
  else await page.getByRole("main").getByRole("link", { name: "Add New", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Survey" });
  await expect(dialog.getByText(`Starts from: ${o.fromTemplate ? TEMPLATE : "Blank survey"}`)).toBeVisible();
  await dialog.getByLabel(o.placeLabel).selectOption({ label: o.place });
  await dialog.getByRole("button", { name: "Create Survey" }).click();
  await expect(page).toHaveURL(/\/surveys\/survey-library\/[^/]+$/);
  const surveyId = page.url().split("/").pop()!;
  await settle(page);
  await page.getByLabel("Name *", { exact: true }).fill(o.title);
  await page.getByRole("button", { name: "Save & Next" }).click();
  await expect(page).toHaveURL(`${LIBRARY}/${surveyId}/survey-audience`);
  await expect(toast(page, "Survey saved successfully")).toBeVisible();
  await settle(page);
  return surveyId;
}

/** The toast with exactly this message (a plain getByText would also match e.g. "No audience saved yet."). */
const toast = (page: Page, message: string) => page.locator("[data-toast-type]").getByText(message, { exact: true });

const audienceRegion = (page: Page) => page.getByRole("region", { name: "Audience", exact: true });

/** Saves one section of the audience step and waits for its toast. */
async function saveSection(page: Page, region: string, message: string) {
  await page.getByRole("region", { name: region, exact: true }).getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, message)).toBeVisible();
  await settle(page);
}

/** On to the scheduler from the audience step (nothing unsaved there). */
async function toScheduler(page: Page, surveyId: string) {
  await page.getByRole("link", { name: "Save & Next" }).click();
  await expect(page).toHaveURL(`${LIBRARY}/${surveyId}/survey-audience/survey-scheduler`);
  await expect(page.getByRole("heading", { name: "Schedule & Launch" })).toBeVisible();
  await settle(page);
}

test.describe("survey details", () => {
  test("the audience step warns before leaving with an unsaved section: cancel stays with the change, confirm leaves", async ({
    page,
  }) => {
    await signIn(page, "alice@acme.test");
    await createSurvey(page, { title: unique("leave guard"), placeLabel: "Workspace", place: "Acme HQ" });
    const here = page.url();
    const team = audienceRegion(page).getByRole("radio", { name: /^Team/ });
    await expect(team).not.toBeChecked();

    let answer: "dismiss" | "accept" = "dismiss";
    const asked: Array<{ type: string; message: string }> = [];
    page.on("dialog", async (dialog) => {
      asked.push({ type: dialog.type(), message: dialog.message() });
      await (answer === "accept" ? dialog.accept() : dialog.dismiss());
    });

    // Changed, not saved: the sidebar's Manage link asks first; Cancel keeps the page and the change.
    await team.check();
    const manage = mainNav(page).getByRole("list", { name: "Surveys" }).getByRole("link", { name: "Manage", exact: true });
    await manage.click();
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toEqual({ type: "confirm", message: LEAVE_GUARD });
    await expect(page).toHaveURL(here);
    await expect(team).toBeChecked();
    await expect(page.getByRole("heading", { name: "Audience", level: 1 })).toBeVisible();

    // Asked again, confirmed: the page is left.
    answer = "accept";
    await manage.click();
    await expect(page).toHaveURL(new RegExp(`${MANAGE}(\\?.*)?$`));
    await expect(page.getByRole("heading", { name: "Manage Surveys" })).toBeVisible();
    expect(asked).toHaveLength(2);
    expect(asked[1].message).toBe(LEAVE_GUARD);
  });

  test("the scheduler's launch message saves itself 350 ms after the last keystroke and is there after a reload", async ({ page }) => {
    await signIn(page, "alice@acme.test");
    const surveyId = await createSurvey(page, { title: unique("notifications"), placeLabel: "Workspace", place: "Acme HQ" });
    await toScheduler(page, surveyId);

    const saves: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/survey-scheduler")) saves.push(request.postData() ?? "");
    });
    const notifications = page.getByRole("region", { name: "Notifications" });
    const launch = notifications.getByLabel("Launch message");
    const text = `Our quarterly survey is open (${Date.now()}): tell us how it is going.`;
    // The page's clock moves only when told, so a busy machine cannot stretch the typing past the
    // debounce: no save while typing, none 340 ms after the last key, one at 350 ms.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await launch.fill("");
    await launch.pressSequentially(text);
    await page.clock.runFor(340);
    expect(saves).toHaveLength(0);
    await page.clock.runFor(20);
    await page.clock.resume();
    await expect(notifications.getByText("Saved", { exact: true })).toBeVisible();
    expect(saves).toHaveLength(1);
    expect(saves[0]).toContain("notifications");

    // Saved texts are nothing to lose: once "Saved" shows, leaving (here a reload) asks nothing.
    const asked: string[] = [];
    page.on("dialog", async (dialog) => {
      asked.push(dialog.type());
      await dialog.accept();
    });
    await page.reload();
    expect(asked).toEqual([]);
    await expect(page.getByRole("heading", { name: "Schedule & Launch" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Notifications" }).getByLabel("Launch message")).toHaveValue(text);
  });

  test.describe("in a time zone of +05:30", () => {
    test.use({ timezoneId: "Asia/Kolkata" });

    test("a weekly recurrence: the options follow the start date, the preview lists its runs, and the library shows the scheduled run", async ({
      page,
    }) => {
      const IST = 330 * 60_000;
      const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
      const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
      const ORDINALS = ["first", "second", "third", "fourth", "fifth"];
      const pad = (n: number) => String(n).padStart(2, "0");
      // Wall-clock times at +05:30 as UTC Date fields.
      const wall = (d: Date) => ({ y: d.getUTCFullYear(), m: d.getUTCMonth(), day: d.getUTCDate(), wd: d.getUTCDay() });
      const shown = (d: Date) => `${WEEKDAYS[d.getUTCDay()].slice(0, 3)}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, 09:00`;
      const inputValue = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T09:00`;
      // A start at 09:00 at least ten days ahead, on a day of the second or third week of its month.
      const today = new Date(Date.now() + IST);
      let start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 10, 9, 0));
      while (start.getUTCDate() < 8 || start.getUTCDate() > 21) start = new Date(start.getTime() + 86_400_000);
      const s = wall(start);
      const weekday = WEEKDAYS[s.wd];
      const nth = ORDINALS[Math.ceil(s.day / 7) - 1];
      const weekly = Array.from({ length: 6 }, (_, k) => new Date(start.getTime() + k * 7 * 86_400_000));
      // The same weekday of the same week of next month, counted day by day.
      const nextMonth = (() => {
        let seen = 0;
        for (let day = 1; ; day++) {
          const d = new Date(Date.UTC(s.y, s.m + 1, day, 9, 0));
          if (d.getUTCDay() === s.wd && ++seen === Math.ceil(s.day / 7)) return d;
        }
      })();

      await signIn(page, "alice@acme.test");
      const title = unique("weekly");
      const surveyId = await createSurvey(page, { title, placeLabel: "Workspace", place: "Acme HQ", fromTemplate: true });
      await audienceRegion(page).getByRole("radio", { name: /^Team/ }).check();
      await saveSection(page, "Audience", "Audience saved");
      await page.getByRole("region", { name: "Result viewers" }).getByRole("radio", { name: "Audience" }).check();
      await saveSection(page, "Result viewers", "Result viewers saved");
      await toScheduler(page, surveyId);
      await expect(page.getByText("Times are in your time zone (UTC+05:30).")).toBeVisible();

      await page.getByLabel("Start date").fill(inputValue(start));
      const frequency = page.getByLabel("Frequency");
      // The choices name the start's weekday and its week of the month (ceil(day / 7)).
      await expect(frequency.locator("option", { hasText: `Weekly on ${weekday}` })).toHaveCount(1);
      await expect(frequency.locator("option", { hasText: `Every 2 weeks on ${weekday}` })).toHaveCount(1);
      await expect(frequency.locator("option", { hasText: `Monthly on the ${nth} ${weekday}` })).toHaveCount(1);
      const runs = page.getByRole("region", { name: "Schedule" }).locator("ol > li");

      await frequency.selectOption({ label: `Monthly on the ${nth} ${weekday}` });
      await expect(runs.nth(1)).toHaveText(shown(nextMonth));

      await frequency.selectOption({ label: `Weekly on ${weekday}` });
      await expect(runs).toHaveText(weekly.map(shown));
      await expect(page.getByText(`Launch schedules the first run for ${shown(start)}.`)).toBeVisible();
      await page.getByRole("button", { name: "Launch", exact: true }).click();
      await expect(toast(page, `Survey scheduled: the first run starts on ${shown(start)} (UTC+05:30)`)).toBeVisible();

      // The library's Scheduled At: the next run, shown in UTC (09:00 at +05:30 is 03:30 UTC).
      const scheduledAt = () => page.getByRole("row").filter({ hasText: title }).locator("[data-scheduled-at] time");
      const utcText = (at: Date) => {
        const u = new Date(at.getTime() - IST);
        return `${u.getUTCDate()} ${MONTHS[u.getUTCMonth()]} ${u.getUTCFullYear()}, 03:30 UTC`;
      };
      await page.goto(LIBRARY);
      await expect(scheduledAt()).toHaveAttribute("datetime", new Date(start.getTime() - IST).toISOString());
      await expect(scheduledAt()).toHaveText(utcText(start));

      // Moved a day later and saved: still weekly (now on the next weekday); the library follows.
      const later = new Date(start.getTime() + 86_400_000);
      await page.goto(`${LIBRARY}/${surveyId}/survey-audience/survey-scheduler`);
      await settle(page);
      await expect(page.getByText(`Scheduled: the next run starts on ${shown(start)} (UTC+05:30).`)).toBeVisible();
      await page.getByLabel("Start date").fill(inputValue(later));
      await expect(frequency.locator("option:checked")).toHaveText(`Weekly on ${WEEKDAYS[later.getUTCDay()]}`);
      await expect(runs.nth(1)).toHaveText(shown(new Date(later.getTime() + 7 * 86_400_000)));
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(toast(page, "Schedule saved")).toBeVisible();
      await expect(page.getByText(`Scheduled: the next run starts on ${shown(later)} (UTC+05:30).`)).toBeVisible();
      await page.goto(LIBRARY);
      await expect(scheduledAt()).toHaveText(utcText(later));
    });
  });

  test("Send Reminders on an open run: a toast, and with an unreachable recipient an error toast listing them for 10 seconds", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const admin = "alice@acme.test";
    await signIn(page, admin);
    const title = unique("reminders");
    const surveyId = await createSurvey(page, { title, placeLabel: "Workspace", place: "Acme HQ", fromTemplate: true });
    const audience = audienceRegion(page);
    await audience.getByRole("radio", { name: /^Users/ }).check();
    for (const email of ["quentin@acme.test", "paula@acme.test"]) await audience.getByRole("checkbox", { name: email }).check();
    await saveSection(page, "Audience", "Audience saved");
    const viewers = page.getByRole("region", { name: "Result viewers" });
    await viewers.getByRole("radio", { name: "Users" }).check();
    await viewers.getByRole("checkbox", { name: admin }).check();
    await saveSection(page, "Result viewers", "Result viewers saved");
    await toScheduler(page, surveyId);
    // The start the page offers is now: Launch starts the run at once.
    await expect(page.getByText("Launch starts the survey now.")).toBeVisible();
    await page.getByRole("button", { name: "Launch", exact: true }).click();
    await expect(toast(page, "Survey launched to 2 people")).toBeVisible();
    await page.getByRole("row").filter({ hasText: title }).getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    const details = page.url();
    await settle(page);

    // Both can be reached: the server's message as a success toast.
    await page.getByRole("button", { name: "Send Reminders" }).click();
    await expect(toast(page, "Reminders sent to 2 people.")).toBeVisible();
    await expect(page.locator("[data-toast-type]")).toHaveAttribute("data-toast-type", "success");

    let excluded = false;
    try {
      // Quentin is excluded from the app (Settings → Users); the run still lists him.
      await page.goto("/organization/settings/users?q=quentin");
      await settle(page);
      await page.getByRole("row", { name: /Quentin/ }).getByRole("button", { name: /^Actions for / }).click();
      await page.getByRole("menuitem", { name: "Exclude" }).click();
      await expect(page.getByText(/^Quentin .* is now inactive\.$/)).toBeVisible();
      excluded = true;
      await page.goto(details);
      await expect(page.locator('[data-recipient="quentin@acme.test"] [data-status]')).toHaveText("Inactive");
      await settle(page);

      await page.getByRole("button", { name: "Send Reminders" }).click();
      const error = page.locator('[data-toast-type="error"]');
      await expect(error).toBeVisible();
      const shownAt = Date.now();
      await expect(error).toContainText("Reminders sent to 1 person. 1 person could not be reminded:");
      await expect(error.getByRole("listitem")).toHaveText([
        /^Quentin \S+ \(quentin@acme\.test\): inactive \(excluded from the app\), cannot be reminded\.$/,
      ]);
      // It stays 10 s (a plain toast leaves after 5 s), then leaves by itself.
      await expect(error).toBeHidden({ timeout: 13_000 });
      expect(Date.now() - shownAt).toBeGreaterThan(9_000);
    } finally {
      if (excluded) {
        await page.goto("/organization/settings/users?q=quentin");
        await settle(page);
        await page.getByRole("row", { name: /Quentin/ }).getByRole("button", { name: /^Actions for / }).click();
        await page.getByRole("menuitem", { name: "Include" }).click();
        await expect(page.getByText(/^Quentin .* is active again\.$/)).toBeVisible();
      }
    }
  });

  test("Slack-type (Acme) offers team, workspace, channels and users as audience types", async ({ page }) => {
    await signIn(page, "alice@acme.test");
    await createSurvey(page, { title: unique("acme audience types"), placeLabel: "Workspace", place: "Acme HQ" });
    const audience = audienceRegion(page);
    const types = audience.getByRole("group", { name: "Who receives the survey" }).getByRole("radio");
    await expect(types).toHaveCount(4);
    const offered = [
      /^Team Everyone in the company$/,
      /^Workspace Everyone in Acme HQ$/,
      /^Channels Members of chosen channels of Acme HQ$/,
      /^Users Chosen people$/,
    ];
    for (const name of offered) await expect(audience.getByRole("radio", { name })).toHaveCount(1);
    await expect(audience.getByRole("radio", { name: /^Groups/ })).toHaveCount(0);
    // Channels shows the workspace's channels to choose from.
    await audience.getByRole("radio", { name: /^Channels/ }).check();
    await expect(audience.getByRole("checkbox", { name: /#engineering/ })).toBeVisible();
    await expect(audience.getByRole("checkbox", { name: /#research/ })).toHaveCount(0);
  });

  test("Teams-type (Globex) offers users and groups; the group details strike through members not in the survey's channel", async ({
    page,
  }) => {
    await signIn(page, "gina@globex.test");
    // The survey's group is People Ops (its channel "People"): of the Engineering group only Gary is in it.
    await createSurvey(page, { title: unique("globex audience types"), placeLabel: "Group", place: "People Ops" });
    const audience = audienceRegion(page);
    const types = audience.getByRole("group", { name: "Who receives the survey" }).getByRole("radio");
    await expect(types).toHaveCount(2);
    await expect(audience.getByRole("radio", { name: /^Users Chosen people of People Ops$/ })).toHaveCount(1);
    await expect(audience.getByRole("radio", { name: /^Groups Members of chosen groups$/ })).toHaveCount(1);
    for (const other of [/^Team/, /^Workspace/, /^Channels/]) await expect(audience.getByRole("radio", { name: other })).toHaveCount(0);

    await audience.getByRole("radio", { name: /^Groups/ }).check();
    await expect(audience.getByRole("heading", { name: "Group details" })).toBeVisible();
    await expect(audience.getByText("Struck-through members must be added to the People channel to receive the survey.")).toBeVisible();
    const engineering = audience.locator("details").filter({ has: page.locator("summary", { hasText: /^Engineering \(Engineering\)/ }) });
    await expect(engineering.locator("summary")).toHaveText("Engineering (Engineering) — 7 members, 6 cannot receive it");
    await engineering.locator("summary").click();
    const gary = engineering.getByRole("listitem").filter({ hasText: /^Gary / });
    const hank = engineering.getByRole("listitem").filter({ hasText: /^Hank / });
    await expect(gary).toBeVisible();
    await expect(gary.locator("s")).toHaveCount(0);
    await expect(hank.locator("s")).toBeVisible();
    await expect(hank).toContainText("(must be added to the People channel)");
    await expect(engineering.locator("li s")).toHaveCount(6);

    // Saved as the audience, the group reaches only its member who is in the channel.
    await audience.getByRole("checkbox", { name: /^Engineering/ }).check();
    await saveSection(page, "Audience", "Audience saved");
    await expect(audienceRegion(page).getByText("Saved: Groups — 1 person would receive the survey now.")).toBeVisible();
  });
});
