import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "~/lib/config.server";
import { deliverOutboxMessage } from "~/modules/notifications/deliver.server";
import { db, fakeSlackCalls, install, personByEmail } from "./slack-support";

const ACME_TEAM = "T0ACME01";
// Chat delivery with no configured bot token: only an installation can send.
const chatConfig = () => readConfig({ ...env, NOTIFY_ADAPTER: "chat", SLACK_BOT_TOKEN: "" } as unknown as Env);

let eve: Awaited<ReturnType<typeof personByEmail>>;

async function sendingRow(kind: string) {
  const id = `o-slack-${crypto.randomUUID()}`;
  await env.DB.prepare(
    "INSERT INTO notification_outbox (id, company_id, recipient_user_id, channel, kind, subject, body, link, status, created_at) VALUES (?, ?, ?, 'slack', ?, 'Give feedback to your team', 'The loop is open', '/feedback', 'sending', ?)",
  )
    .bind(id, eve.company_id, eve.id, kind, Date.now())
    .run();
  return id;
}

describe("Slack delivery with the workspace's installation", () => {
  beforeAll(async () => {
    eve = await personByEmail("eve@acme.test");
  });

  it("without an installation or a configured token nothing is sent (AppNotAuthorized)", async () => {
    const id = await sendingRow("feedback-loop");
    const result = await deliverOutboxMessage(db, chatConfig(), { outboxId: id, companyId: eve.company_id });
    expect(result.status).toBe("failed");
    expect((await fakeSlackCalls()).some((c) => c.method === "chat.postMessage" && JSON.stringify(c.body).includes(id))).toBe(false);
  });

  it("posts Block Kit to the person with the installation's bot token", async () => {
    const token = `xoxb-${ACME_TEAM}-delivery`;
    await install(eve.company_id, ACME_TEAM, token);
    const id = await sendingRow("feedback-loop");
    const result = await deliverOutboxMessage(db, chatConfig(), { outboxId: id, companyId: eve.company_id });
    expect(result.status).toBe("sent");
    const post = (await fakeSlackCalls()).findLast(
      (c) => c.method === "chat.postMessage" && (c.body.blocks as Array<{ elements?: Array<{ value?: string }> }>)?.some((b) => b.elements?.some((e) => e.value === id)),
    );
    expect(post).toBeDefined();
    expect(post!.authorization).toBe(`Bearer ${token}`);
    expect(post!.body.channel).toBe(eve.slack_user_id);
    const actions = (post!.body.blocks as Array<{ type: string; elements?: Array<{ action_id: string; url?: string }> }>).find((b) => b.type === "actions")!;
    expect(actions.elements!.map((e) => e.action_id)).toEqual(["open_link", "give_feedback"]);
    expect(actions.elements![0]!.url).toBe("http://127.0.0.1:8787/feedback");
  });
});
