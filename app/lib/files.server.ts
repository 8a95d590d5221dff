import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { files } from "~/db/schema";

export interface PutFileInput {
  companyId: string;
  ownerId: string | null;
  /** The name people see (an upload's file name, "Review report.pdf"). */
  name: string;
  contentType: string;
  body: ReadableStream | ArrayBuffer | ArrayBufferView | string | Blob;
}

export type StoredFile = typeof files.$inferSelect;

/**
 * R2 keys start with the company id, so a listing or a lifecycle rule can never mix tenants; the
 * display name stays out of the key (it may hold any character) and lives in the files row.
 */
export function fileKey(companyId: string, fileId: string) {
  return `companies/${companyId}/files/${fileId}`;
}

/** Stores the bytes in R2, then records the files row; if recording fails the object is removed again. */
export async function putFile(env: Pick<Env, "FILES">, db: Db, input: PutFileInput): Promise<StoredFile> {
  const id = crypto.randomUUID();
  const key = fileKey(input.companyId, id);
  const object = await env.FILES.put(key, input.body, {
    httpMetadata: { contentType: input.contentType },
    customMetadata: { companyId: input.companyId, fileId: id },
  });
  try {
    const [row] = await db
      .insert(files)
      .values({
        id,
        companyId: input.companyId,
        ownerId: input.ownerId,
        key,
        name: input.name,
        contentType: input.contentType,
        size: object.size,
      })
      .returning();
    return row;
  } catch (error) {
    await env.FILES.delete(key);
    throw error;
  }
}

/** A company's file and its bytes; null for another company's file, an unknown id, or a missing object. */
export async function getFile(env: Pick<Env, "FILES">, db: Db, companyId: string, fileId: string) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.companyId, companyId)))
    .limit(1);
  if (!row) return null;
  const object = await env.FILES.get(row.key);
  if (!object) return null;
  return { file: row, object };
}
