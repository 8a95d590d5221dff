import type { SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

/**
 * One drizzle instance per D1 binding. Building it walks the whole schema (relational config),
 * which cost about 2 ms of CPU per request when done per request; the binding object is stable
 * for the isolate, and the instance holds no request state.
 */
const instances = new WeakMap<D1Database, ReturnType<typeof build>>();

function build(d1: D1Database) {
  return drizzle(d1, { schema });
}

export function createDb(d1: D1Database) {
  let db = instances.get(d1);
  if (!db) {
    db = build(d1);
    instances.set(d1, db);
  }
  return db;
}
export type Db = ReturnType<typeof createDb>;

const dialect = new SQLiteAsyncDialect();

/**
 * A drizzle SQL fragment as a plain D1 statement of the same handle's binding (db.$client), so raw
 * queries can share one D1 batch, `db.$client.batch([...])`: drizzle's own db.batch cannot take raw
 * SQL with parameters.
 */
export function d1Statement(db: Db, query: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return db.$client.prepare(text).bind(...params);
}
