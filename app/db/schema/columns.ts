import { sql } from "drizzle-orm";
import { integer, text } from "drizzle-orm/sqlite-core";

/** Primary key: random UUID generated in the Worker. */
export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

/** Every tenant row carries its company. */
export const companyId = () => text("company_id").notNull();

export const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch() * 1000)`);

export const flag = (name: string) => integer(name, { mode: "boolean" }).notNull().default(false);
