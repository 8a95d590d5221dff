import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { feedbackItems } from "~/db/schema";
import { personOfUser } from "~/modules/auth/session.server";
import { feedbackRecord } from "~/modules/feedback/item-record";
import { parseFeedbackListFilters } from "~/modules/profile/feedback-list";
import { listFeedback, loadFeedbackCatalogue } from "~/modules/profile/feedback-list.server";

// The profile Feedback tab's rows: what the person received that the viewer may see (receiver,
// their managers, ViewUsers admins; a colleague only what they sent and public praise), filtered
// in SQL, never naming an anonymous item's sender, never another company's item.

const db = createDb(env.DB);
const EVE = "u-acme-eve";

async function viewer(email: string) {
  const user = await env.DB.prepare("SELECT id, company_id FROM users WHERE email = ?").bind(email).first<{ id: string; company_id: string }>();
  return (await personOfUser(db, user!.company_id, user!.id))!;
}

async function list(email: string, query = "", personId = EVE) {
  const v = await viewer(email);
  const catalogue = await loadFeedbackCatalogue(db, v, personId);
  const filters = parseFeedbackListFilters(new URLSearchParams(query), {
    competencies: catalogue.competencies,
    senderIds: catalogue.senders ? catalogue.senders.map((s) => s.id) : null,
  });
  return { ...(await listFeedback(db, v, personId, filters, catalogue.competencies)), catalogue };
}

interface Stored {
  id: string;
  sender_id: string | null;
  anonymous: number;
  is_public: number;
  feedback_type: string;
  feedback_type_title: string;
  dimension_infos: string;
  sent_at: number;
  situation_text: string | null;
  feedback_text: string | null;
  strength_text: string | null;
}

/** Every visible item Eve received, straight from D1, newest first. */
async function stored(personId = EVE): Promise<Stored[]> {
  const { results } = await env.DB.prepare(
    "SELECT * FROM feedback_items WHERE company_id = 'c-acme' AND receiver_id = ? AND visible = 1 ORDER BY sent_at DESC, id DESC"
  )
    .bind(personId)
    .all<Stored>();
  return results;
}

async function insert(over: Partial<Parameters<typeof feedbackRecord>[0]> & { visible?: boolean }) {
  const { visible, ...input } = over;
  const { item } = feedbackRecord({
    companyId: "c-acme",
    source: "direct",
    feedbackType: "feedback-to-employee",
    feedbackTypeTitle: "Feedback to Employee",
    templateType: "FreeText",
    texts: { feedbackText: "Quietly brilliant" },
    senderId: "u-acme-sam",
    receiverId: EVE,
    anonymous: false,
    at: new Date(),
    ...input,
  });
  if (visible !== undefined) item.visible = visible;
  await db.insert(feedbackItems).values(item);
  return item.id;
}

const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id);

describe("who sees which of a person's feedback", () => {
  it("the receiver, their manager and a ViewUsers admin see every visible item, newest first", async () => {
    const all = ids(await stored());
    expect(all.length).toBeGreaterThan(3);
    for (const email of ["eve@acme.test", "mona@acme.test", "alice@acme.test"]) expect(ids((await list(email)).rows), email).toEqual(all);
  });

  it("a colleague sees only what they sent (named) and public praise", async () => {
    const expected = (await stored()).filter((r) => r.is_public === 1 || (r.anonymous === 0 && r.sender_id === "u-acme-ed"));
    expect(expected.some((r) => r.sender_id === "u-acme-ed")).toBe(true);
    expect(ids((await list("ed@acme.test")).rows)).toEqual(ids(expected));
    // A team admin (ViewFeedbackSenderFilter, not ViewUsers) is a colleague here too.
    const adam = (await stored()).filter((r) => r.is_public === 1 || (r.anonymous === 0 && r.sender_id === "u-acme-adam"));
    expect(ids((await list("adam@acme.test")).rows)).toEqual(ids(adam));
  });

  it("never shows a hidden item, nor another company's item about the same id", async () => {
    const hidden = await insert({ anonymous: true, source: "loop", runId: "fr-hidden", loopId: "fb-hidden", runDeadline: new Date() });
    const { item } = feedbackRecord({
      companyId: "c-globex",
      source: "direct",
      feedbackType: "feedback-to-employee",
      feedbackTypeTitle: "Feedback to Employee",
      templateType: "FreeText",
      texts: { feedbackText: "From elsewhere" },
      senderId: "u-globex-gina",
      receiverId: EVE,
      anonymous: false,
      at: new Date(),
    });
    await db.insert(feedbackItems).values(item);
    for (const email of ["eve@acme.test", "alice@acme.test"]) {
      const rows = ids((await list(email)).rows);
      expect(rows).not.toContain(hidden);
      expect(rows).not.toContain(item.id);
    }
  });

  it("an anonymous item names no sender to anyone, and is never found by a sender's name", async () => {
    const sam = (await env.DB.prepare("SELECT name FROM users WHERE id = 'u-acme-sam'").first<{ name: string }>())!.name;
    const anon = await insert({
      anonymous: true,
      source: "loop",
      runId: "fr-anon",
      loopId: "fb-anon",
      runDeadline: new Date(),
      visible: true,
      texts: { feedbackText: "Kept anonymous" },
    });
    for (const email of ["eve@acme.test", "mona@acme.test", "alice@acme.test"]) {
      const { rows, catalogue } = await list(email, `feedback=${anon}`);
      const card = rows.find((r) => r.id === anon)!;
      expect(card).toMatchObject({ anonymous: true, senderId: null, senderName: null });
      expect(JSON.stringify(card)).not.toContain("u-acme-sam");
      expect(catalogue.senders?.map((s) => s.id) ?? []).not.toContain(null);
      expect(ids((await list(email, `search=${encodeURIComponent(sam)}`)).rows)).not.toContain(anon);
    }
    const v = await viewer("alice@acme.test");
    const { detail } = await listFeedback(db, v, EVE, parseFeedbackListFilters(new URLSearchParams()), [], anon);
    expect(detail).toMatchObject({ id: anon, senderId: null, senderName: null });
  });
});

describe("filters in SQL (002 §2.5 advanced filters)", () => {
  it("search matches the texts, the type title and a named sender's name", async () => {
    const all = await stored();
    const word = all.find((r) => r.situation_text)!.situation_text!.split(" ").find((w) => w.length > 6)!;
    const expected = all.filter((r) =>
      [r.situation_text, r.feedback_text, r.strength_text].some((t) => t?.toLowerCase().includes(word.toLowerCase()))
    );
    const got = ids((await list("eve@acme.test", `search=${encodeURIComponent(word)}`)).rows);
    for (const id of ids(expected)) expect(got).toContain(id);
    expect(got.length).toBeGreaterThan(0);
    expect(ids((await list("eve@acme.test", "search=Public%20Praise")).rows)).toEqual(ids(all.filter((r) => r.feedback_type_title === "Public Praise")));
    const mona = (await env.DB.prepare("SELECT name FROM users WHERE id = 'u-acme-mona'").first<{ name: string }>())!.name;
    const byMona = ids((await list("eve@acme.test", `search=${encodeURIComponent(mona)}`)).rows);
    for (const id of ids(all.filter((r) => r.sender_id === "u-acme-mona"))) expect(byMona).toContain(id);
    expect(ids((await list("eve@acme.test", "search=%25%25zz_no_such")).rows)).toEqual([]);
  });

  it("feedbackType, dates by UTC day, and unknown values ignored", async () => {
    const all = await stored();
    expect(ids((await list("eve@acme.test", "feedbackType=public-praise")).rows)).toEqual(ids(all.filter((r) => r.feedback_type === "public-praise")));
    expect(ids((await list("eve@acme.test", "feedbackType=nonsense")).rows)).toEqual(ids(all));
    const day = new Date(all[Math.floor(all.length / 2)].sent_at).toISOString().slice(0, 10);
    const onDay = all.filter((r) => new Date(r.sent_at).toISOString().slice(0, 10) === day);
    expect(ids((await list("eve@acme.test", `startDate=${day}&endDate=${day}`)).rows)).toEqual(ids(onDay));
    expect(ids((await list("eve@acme.test", `startDate=${day}`)).rows)).toEqual(ids(all.filter((r) => new Date(r.sent_at).toISOString().slice(0, 10) >= day)));
    // An end before the start is cleared: from the start on.
    expect(ids((await list("eve@acme.test", `startDate=${day}&endDate=2000-01-01`)).rows)).toEqual(
      ids(all.filter((r) => new Date(r.sent_at).toISOString().slice(0, 10) >= day))
    );
  });

  it("competency, behaviour and behaviour type over the dimension infos", async () => {
    const all = await stored();
    const tagged = all.find((r) => JSON.parse(r.dimension_infos).some((d: { focusAreas: unknown[] }) => d.focusAreas.length > 0))!;
    const dimension = JSON.parse(tagged.dimension_infos).find((d: { focusAreas: unknown[] }) => d.focusAreas.length > 0) as {
      id: string;
      focusAreas: Array<{ id: string; str: boolean; sug: boolean }>;
    };
    const focus = dimension.focusAreas[0];
    const type = focus.str ? "strength" : "developmentArea";
    const dims = (r: Stored) => JSON.parse(r.dimension_infos) as Array<typeof dimension>;
    const byCompetency = all.filter((r) => dims(r).some((d) => d.id === dimension.id));
    expect(ids((await list("eve@acme.test", `competency=${dimension.id}`)).rows)).toEqual(ids(byCompetency));
    const byBehaviour = all.filter((r) =>
      dims(r).some((d) => d.id === dimension.id && d.focusAreas.some((f) => f.id === focus.id && (type === "strength" ? f.str : !f.str && f.sug)))
    );
    expect(byBehaviour.length).toBeGreaterThan(0);
    expect(ids((await list("eve@acme.test", `competency=${dimension.id}&behaviour=${focus.id}&behaviourType=${type}`)).rows)).toEqual(ids(byBehaviour));
    const other = type === "strength" ? "developmentArea" : "strength";
    const byOther = all.filter((r) =>
      dims(r).some((d) => d.id === dimension.id && d.focusAreas.some((f) => f.id === focus.id && (other === "strength" ? f.str : !f.str && f.sug)))
    );
    expect(ids((await list("eve@acme.test", `competency=${dimension.id}&behaviour=${focus.id}&behaviourType=${other}`)).rows)).toEqual(ids(byOther));
  });

  it("member filters by a named sender only with ViewFeedbackSenderFilter", async () => {
    const all = await stored();
    const fromMona = all.filter((r) => r.anonymous === 0 && r.sender_id === "u-acme-mona");
    expect(fromMona.length).toBeGreaterThan(0);
    const alice = await list("alice@acme.test", "member=u-acme-mona");
    expect(alice.catalogue.senders?.map((s) => s.id)).toContain("u-acme-mona");
    expect(ids(alice.rows)).toEqual(ids(fromMona));
    // Mona manages Eve but holds no sender filter: the filter is ignored, and no sender list is given.
    const mona = await list("mona@acme.test", "member=u-acme-mona");
    expect(mona.catalogue.senders).toBeNull();
    expect(ids(mona.rows)).toEqual(ids(all));
    // A team admin may filter, but only among the senders of what they may see.
    const adam = await list("adam@acme.test", "member=u-acme-mona");
    expect(adam.catalogue.senders?.map((s) => s.id) ?? []).not.toContain("u-acme-mona");
  });
});
