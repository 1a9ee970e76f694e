// The drizzle database over a D1 binding or session, and its `Db` type.
import { drizzle } from "drizzle-orm/d1";

/**
 * The drizzle database over a D1 binding or a D1 session (`withSession`). Built without the schema (no
 * relational queries are used), which makes it cheap enough to build for every request's session.
 */
export const createDb = (d1: D1Database | D1DatabaseSession) => drizzle(d1 as D1Database);
export type Db = ReturnType<typeof createDb>;
