import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb, d1Statement } from "~/db/client.server";
import { feedbackItems } from "~/db/schema";
import { maySeeFeedbackItem, maySeeItem, shownSenderId } from "~/modules/access/feedback.server";
import { personOfUser } from "~/modules/auth/session.server";
import { feedbackRecord } from "~/modules/feedback/item-record";

// Who may see a piece of feedback: its receiver, its named sender, the receiver's managers,
// admins who read every person, everyone for public praise; never a hidden item, never an
// anonymous item's sender.

const db = createDb(env.DB);
const EVE = "u-acme-eve"; // managed by Mona
const SAM = "u-acme-sam";
const ED = "u-acme-ed";

async function insert(over: Partial<Parameters<typeof feedbackRecord>[0]> & { visible?: boolean }) {
  const { visible, ...input } = over;
  const { item } = feedbackRecord({
    companyId: "c-acme",
    source: "direct",
    feedbackType: "feedback-to-employee",
    feedbackTypeTitle: "Feedback to employee",
    templateType: "FreeText",
    texts: { feedbackText: "Well done" },
    senderId: SAM,
    receiverId: EVE,
    anonymous: false,
    at: new Date(),
    ...input,
  });
  if (visible !== undefined) item.visible = visible;
  await db.insert(feedbackItems).values(item);
  return item.id;
}

async function seen(email: string, ids: string[]): Promise<string[]> {
  const user = await env.DB.prepare("SELECT id, company_id FROM users WHERE email = ?").bind(email).first<{ id: string; company_id: string }>();
  const person = (await personOfUser(db, user!.company_id, user!.id))!;
  const { results } = await d1Statement(
    db,
    sql`SELECT fi.id FROM feedback_items fi WHERE fi.id IN (SELECT value FROM json_each(${JSON.stringify(ids)})) AND ${maySeeFeedbackItem(person)}`
  ).all<{ id: string }>();
  return results.map((r) => r.id).sort();
}

describe("who may see feedback", () => {
  it("receiver, named sender, the receiver's managers and super admins; not colleagues or another company", async () => {
    const named = await insert({});
    for (const email of ["eve@acme.test", "sam@acme.test", "mona@acme.test", "alice@acme.test"]) expect(await seen(email, [named]), email).toEqual([named]);
    for (const email of ["ed@acme.test", "adam@acme.test", "gina@globex.test", "tina@globex.test"]) expect(await seen(email, [named]), email).toEqual([]);
  });

  it("an anonymous item never shows its sender (not even to them) and a hidden one shows to no one", async () => {
    const deadline = new Date(Date.now() + 86_400_000);
    const released = await insert({ anonymous: true, runId: "fr-x", loopId: "fb-x", source: "loop", runDeadline: deadline, visible: true });
    const hidden = await insert({ anonymous: true, runId: "fr-y", loopId: "fb-y", source: "loop", runDeadline: deadline });
    const row = await env.DB.prepare("SELECT sender_id, anonymous, visible FROM feedback_items WHERE id = ?").bind(hidden).first<{ sender_id: string | null; anonymous: number; visible: number }>();
    expect(row).toEqual({ sender_id: null, anonymous: 1, visible: 0 });
    expect(await seen("eve@acme.test", [released, hidden])).toEqual([released]);
    expect(await seen("mona@acme.test", [released, hidden])).toEqual([released]);
    expect(await seen("alice@acme.test", [released, hidden])).toEqual([released]);
    expect(await seen("sam@acme.test", [released, hidden])).toEqual([]);
    expect(shownSenderId({ anonymous: true, senderId: SAM })).toBeNull();
    expect(shownSenderId({ anonymous: false, senderId: SAM })).toBe(SAM);
  });

  it("public praise is seen by the whole company, and only it", async () => {
    const praise = await insert({ source: "praise", feedbackType: "public-praise", isPublic: true, receiverId: ED });
    expect(await seen("adam@acme.test", [praise])).toEqual([praise]);
    expect(await seen("gina@globex.test", [praise])).toEqual([]);
  });

  it("the rule for one item read already agrees", () => {
    const viewer = { user: { id: ED } as never, company: { id: "c-acme" } as never, permissions: [] };
    const item = { companyId: "c-acme", senderId: SAM, receiverId: EVE, anonymous: false, isPublic: false, visible: true };
    expect(maySeeItem(viewer, item, false)).toBe(false);
    expect(maySeeItem(viewer, item, true)).toBe(true);
    expect(maySeeItem(viewer, { ...item, visible: false }, true)).toBe(false);
    expect(maySeeItem({ ...viewer, user: { id: SAM } as never }, { ...item, anonymous: true, senderId: null }, false)).toBe(false);
    expect(maySeeItem({ ...viewer, permissions: ["ViewUsers"] as never }, item, false)).toBe(true);
    expect(maySeeItem({ ...viewer, company: { id: "c-globex" } as never, permissions: ["ViewUsers"] as never }, item, false)).toBe(false);
  });
});
