import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support";

/**
 * The profile page's AI chat (002 §2.2) over the assistant's WebSocket, with the configured
 * (embedded) provider: a streamed reply, abort, history across a dropped socket and a reload,
 * the keyboard, Refresh, and the plain message without JavaScript.
 */

/** Keeps every WebSocket the page opens, so a test can drop them as a network would. */
async function recordSockets(page: Page) {
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    const open: WebSocket[] = [];
    (window as unknown as { __chatSockets: WebSocket[] }).__chatSockets = open;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        open.push(this);
      }
    } as typeof WebSocket;
  });
}

async function openChat(page: Page) {
  await page.getByRole("button", { name: "Open AI chat" }).click();
  const chat = page.getByRole("region", { name: "AI chat" });
  await expect(chat).toBeVisible();
  await expect(chat.getByRole("textbox", { name: "Message the AI assistant" })).toBeFocused();
  await expect(chat.getByText("Ask a question to start the conversation.")).toBeVisible();
  return chat;
}

test.describe("with JavaScript", () => {
  test("a reply streams in, one is aborted, and the history survives a dropped socket and a reload", async ({ page }) => {
    await recordSockets(page);
    await signIn(page, "alice@acme.test");
    const chat = await openChat(page);
    const input = chat.getByRole("textbox", { name: "Message the AI assistant" });
    const log = chat.getByRole("log");

    await input.fill("Summarise my recent feedback");
    await input.press("Enter");
    const first = log.locator("[data-turn]").first();
    await expect(first).toContainText("Summarise my recent feedback");
    await expect(first).toHaveAttribute("data-status", "complete", { timeout: 15_000 });
    await expect(first.locator("[data-ai-message]")).not.toBeEmpty();
    await expect(input).toBeEnabled();

    // Stopped: the question is sent with Enter and abort follows on the same socket at once, so
    // the reply is stopped whatever the provider's pace; the partial text stays, marked stopped.
    await input.fill("Write a detailed report on my goals, objectives, reviews and feedback");
    await page.evaluate(() => {
      const box = document.querySelector<HTMLTextAreaElement>("[data-profile-chat] textarea")!;
      box.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
      (window as unknown as { __chatSockets: WebSocket[] }).__chatSockets.at(-1)!.send(JSON.stringify({ type: "abort" }));
    });
    const second = log.locator("[data-turn]").nth(1);
    await expect(second).toHaveAttribute("data-status", "aborted");
    await expect(second).toContainText("Stopped.");
    await expect(input).toBeEnabled();
    await expect(chat.getByRole("button", { name: "Send" })).toBeVisible();

    // And with the Abort button while the reply streams in: the input is disabled meanwhile.
    await input.fill("Summarise my recent feedback again");
    await input.press("Enter");
    const third = log.locator("[data-turn]").nth(2);
    await expect(input).toBeDisabled();
    await expect(chat.getByRole("button", { name: "Abort" })).toBeFocused();
    await chat.getByRole("button", { name: "Abort" }).click();
    await expect(third).toHaveAttribute("data-status", "aborted");
    await expect(input).toBeEnabled();
    await expect(input).toBeFocused();

    // The socket drops: the chat reconnects to the same conversation.
    const before = await page.evaluate(() => (window as unknown as { __chatSockets: WebSocket[] }).__chatSockets.length);
    await page.evaluate(() => (window as unknown as { __chatSockets: WebSocket[] }).__chatSockets.forEach((socket) => socket.close()));
    await expect.poll(() => page.evaluate(() => (window as unknown as { __chatSockets: WebSocket[] }).__chatSockets.length)).toBeGreaterThan(before);
    await expect(chat.getByRole("button", { name: "Send" })).toBeEnabled();
    await expect(log.locator("[data-turn]")).toHaveCount(3);
    const url = await page.evaluate(() => (window as unknown as { __chatSockets: WebSocket[] }).__chatSockets.at(-1)!.url);
    expect(url).toMatch(/\/api\/slack-ai\/socket\.io\?chatId=/);

    // A reload continues it too.
    await page.reload();
    await page.getByRole("button", { name: "Open AI chat" }).click();
    await expect(page.getByRole("log").locator("[data-turn]")).toHaveCount(3);
    await expect(page.getByRole("log").locator("[data-turn]").first()).toContainText("Summarise my recent feedback");
  });

  test("Shift+Enter starts a new line, Enter sends, Escape closes, Refresh starts over", async ({ page }) => {
    await signIn(page, "alice@acme.test");
    const chat = await openChat(page);
    const input = chat.getByRole("textbox", { name: "Message the AI assistant" });
    await input.type("First line");
    await input.press("Shift+Enter");
    await input.type("second line");
    await expect(input).toHaveValue("First line\nsecond line");
    await expect(chat.locator("[data-turn]")).toHaveCount(0);
    await input.press("Enter");
    await expect(chat.locator("[data-turn]")).toHaveCount(1);
    await expect(input).toHaveValue("");
    await expect(chat.locator("[data-turn]").first()).toHaveAttribute("data-status", "complete", { timeout: 15_000 });

    // A blank message is refused in the browser.
    await input.fill("   ");
    await input.press("Enter");
    await expect(chat.getByRole("alert")).toHaveText("Type a message first.");

    await input.press("Escape");
    await expect(chat).toBeHidden();
    await expect(page.getByRole("button", { name: "Open AI chat" })).toBeFocused();

    await page.getByRole("button", { name: "Open AI chat" }).click();
    await expect(page.getByRole("region", { name: "AI chat" }).locator("[data-turn]")).toHaveCount(1);
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(page.getByRole("region", { name: "AI chat" }).locator("[data-turn]")).toHaveCount(0);
    await expect(page.getByText("Ask a question to start the conversation.")).toBeVisible();
    // The three suggested prompts are offered in a new conversation.
    await expect(page.getByRole("group", { name: "Suggested prompts" }).getByRole("button")).toHaveCount(3);
  });

  test("someone without the AI chat permission gets no chat on profiles", async ({ page }) => {
    await signIn(page, "eve@acme.test");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Open AI chat" })).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the chat says plainly that it needs JavaScript", async ({ page }) => {
    await signIn(page, "alice@acme.test");
    await page.locator("[data-profile-chat] summary").click();
    await expect(page.getByText("The AI chat needs JavaScript. Turn JavaScript on in your browser to use it.")).toBeVisible();
  });
});
