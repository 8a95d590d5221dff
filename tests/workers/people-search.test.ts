import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { appFetch, sessionFor } from "./helpers";

// The people picker's search (/people/search): the viewer's company only, at most 20 a keystroke,
// prefix matches first, name or e-mail, and the gate of the page each scope serves.

const PATH = "/people/search";
const tag = crypto.randomUUID().slice(0, 6);
type Person = { id: string; name: string; email: string | null; title: string | null; deactivated: boolean };

async function search(cookie: string | undefined, scope: string, q: string) {
  return appFetch(`${PATH}?scope=${encodeURIComponent(scope)}&q=${encodeURIComponent(q)}`, { cookie });
}
async function people(cookie: string, scope: string, q: string): Promise<Person[]> {
  const res = await search(cookie, scope, q);
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toMatch(/json/);
  return ((await res.json()) as { people: Person[] }).people;
}

beforeAll(async () => {
  const statements = [];
  for (let i = 0; i < 30; i++) {
    statements.push(
      env.DB.prepare("INSERT INTO users (id, company_id, name, email) VALUES (?, 'c-acme', ?, ?)").bind(
        `u-ps-${tag}-${i}`,
        `Quillon ${tag} ${String(i).padStart(2, "0")}`,
        `quillon${i}-${tag}@acme.test`
      )
    );
  }
  // Another company's people with the same names and e-mail start: never an Acme viewer's answer.
  statements.push(
    env.DB.prepare("INSERT INTO users (id, company_id, name, email) VALUES (?, 'c-globex', ?, ?)").bind(
      `u-ps-${tag}-globex`,
      `Quillon ${tag} Globex`,
      `quillon-${tag}@globex.test`
    ),
    // A name that holds the text inside it (not at its start), and an e-mail that starts with it.
    env.DB.prepare("INSERT INTO users (id, company_id, name, email) VALUES (?, 'c-acme', ?, ?)").bind(
      `u-ps-${tag}-inside`,
      `Aaron Zebquill${tag}`,
      `aaron-${tag}@acme.test`
    ),
    env.DB.prepare("INSERT INTO users (id, company_id, name, email) VALUES (?, 'c-acme', ?, ?)").bind(
      `u-ps-${tag}-mail`,
      `Zoe Mailmatch`,
      `zebquill${tag}@acme.test`
    ),
    env.DB.prepare("INSERT INTO users (id, company_id, name, email) VALUES (?, 'c-acme', ?, ?)").bind(
      `u-ps-${tag}-name`,
      `Zebquill${tag} Young`,
      `young-${tag}@acme.test`
    )
  );
  await env.DB.batch(statements);
});

describe("/people/search", () => {
  it("answers at most 20 people of the viewer's company, never another company's", async () => {
    const alice = await sessionFor("alice@acme.test");
    const found = await people(alice, "people", `Quillon ${tag}`);
    expect(found).toHaveLength(20);
    expect(found.map((p) => p.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Quillon ${tag} ${String(i).padStart(2, "0")}`));
    expect(found.some((p) => p.id.endsWith("globex"))).toBe(false);
    // The e-mail's start and a word inside the name match too; Globex's person still never comes.
    const byMail = await people(alice, "people", `quillon-${tag}`);
    expect(byMail).toEqual([]);
    const gina = await sessionFor("gina@globex.test");
    const theirs = await people(gina, "people", `Quillon ${tag}`);
    expect(theirs.map((p) => p.id)).toEqual([`u-ps-${tag}-globex`]);
  });

  it("puts names that start with the text first, then e-mails that do, then names holding it", async () => {
    const alice = await sessionFor("alice@acme.test");
    const found = await people(alice, "people", `zebquill${tag}`);
    expect(found.map((p) => p.id)).toEqual([`u-ps-${tag}-name`, `u-ps-${tag}-mail`, `u-ps-${tag}-inside`]);
  });

  it("offers a report filter only the people of the reports the viewer may see", async () => {
    const alice = await sessionFor("alice@acme.test");
    const reviewees = await people(alice, "report-reviewees", "");
    expect(reviewees.length).toBeGreaterThan(0);
    expect(reviewees.length).toBeLessThanOrEqual(20);
    expect(reviewees.some((p) => p.name.startsWith("Quillon"))).toBe(false);
    // Globex's reviewee, searched by name from Acme: nothing.
    expect(await people(alice, "report-reviewees", "Tina")).toEqual([]);
    // A manager: her direct reports only.
    const kara = await sessionFor("kara@acme.test");
    const hers = await people(kara, "report-reviewees", "");
    expect(hers.map((p) => p.name)).toContain("Leo Haddad");
    for (const p of hers) expect(["Leo Haddad", "Maya García", "Rosa Nguyen"]).toContain(p.name);
  });

  it("sends someone signed out to sign-in and refuses a missing permission", async () => {
    const signedOut = await search(undefined, "report-reviewees", "a");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe("/sign-in");
    // An employee without ViewReviewReports: home, no people.
    const eve = await sessionFor("eve@acme.test");
    const refused = await search(eve, "report-reviewees", "");
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/");
    const unknown = await search(eve, "everyone", "");
    expect(unknown.status).toBe(404);
    // Without ViewUsers, "people" holds only whom the access module lets the viewer see.
    const mine = await people(eve, "people", `Quillon ${tag}`);
    expect(mine).toEqual([]);
  });
});
