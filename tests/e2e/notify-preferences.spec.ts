import { expect, test } from "@playwright/test";
import { mainNav, signIn } from "./support";

test("a super admin reaches Notifications from the Settings modal and routes a kind by e-mail", async ({ page }) => {
  await signIn(page, "alice@acme.test");
  await mainNav(page).getByRole("button", { name: "Settings" }).or(mainNav(page).getByRole("link", { name: "Settings" })).first().click();
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await dialog.getByRole("link", { name: "Notification channels" }).click();
  await expect(page).toHaveURL(/\/settings#notifications$/);

  const section = page.getByRole("region", { name: "Notifications" });
  // The demo's choice for Acme, and chat (Slack) where nothing was chosen.
  await expect(section.getByLabel("Survey reminder", { exact: true })).toHaveValue("both");
  await expect(section.getByLabel("Performance review")).toHaveValue("chat");
  await section.getByLabel("Survey", { exact: true }).selectOption({ label: "E-mail" });
  await section.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Notification settings saved")).toBeVisible();
  await expect(page.getByRole("region", { name: "Notifications" }).getByLabel("Survey", { exact: true })).toHaveValue("email");
});
