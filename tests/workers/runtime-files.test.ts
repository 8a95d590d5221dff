import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { userId } from "~/db/seed/demo";
import { getFile, putFile } from "~/lib/files.server";

const db = createDb(env.DB);

describe("files in R2", () => {
  it("stores a company's file under a company-prefixed key and records it", async () => {
    const csv = "sender,receiver\neve@acme.test,ed@acme.test\n";
    const stored = await putFile(env, db, {
      companyId: "c-acme",
      ownerId: userId("acme", "alice"),
      name: "audience.csv",
      contentType: "text/csv",
      body: csv,
    });
    expect(stored.key).toBe(`companies/c-acme/files/${stored.id}`);
    expect(stored.size).toBe(new TextEncoder().encode(csv).byteLength);
    const object = await env.FILES.get(stored.key);
    expect(await object!.text()).toBe(csv);
    expect(object!.httpMetadata?.contentType).toBe("text/csv");

    const found = await getFile(env, db, "c-acme", stored.id);
    expect(found!.file).toMatchObject({ id: stored.id, name: "audience.csv", ownerId: "u-acme-alice", companyId: "c-acme" });
    expect(await found!.object.text()).toContain("eve@acme.test");
  });

  it("returns nothing for another company's file", async () => {
    const stored = await putFile(env, db, {
      companyId: "c-acme",
      ownerId: null,
      name: "report.pdf",
      contentType: "application/pdf",
      body: new Uint8Array([37, 80, 68, 70]),
    });
    expect(await getFile(env, db, "c-globex", stored.id)).toBeNull();
    expect(await getFile(env, db, "c-acme", "no-such-file")).toBeNull();
  });

  it("removes the object again when the files row cannot be written", async () => {
    const before = await env.FILES.list({ prefix: "companies/c-globex/" });
    const failingDb = createDb(env.DB);
    vi.spyOn(failingDb, "insert").mockImplementation(() => {
      throw new Error("D1 unavailable");
    });
    await expect(
      putFile(env, failingDb, { companyId: "c-globex", ownerId: null, name: "x.csv", contentType: "text/csv", body: "a" })
    ).rejects.toThrow("D1 unavailable");
    const after = await env.FILES.list({ prefix: "companies/c-globex/" });
    expect(after.objects.length).toBe(before.objects.length);
  });
});
