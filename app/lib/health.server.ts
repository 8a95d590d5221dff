import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";

/** Whether D1 answers at all (a monitor's liveness check); throws what D1 throws. */
export async function pingDatabase(db: Db) {
  await db.run(sql`select 1`);
}
