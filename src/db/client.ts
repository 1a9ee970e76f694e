import { drizzle } from "drizzle-orm/d1";
import { oncePer } from "../lib/memo";
import * as schema from "./schema";

/** The drizzle database over a D1 binding; built once per binding (building it walks the whole schema). */
export const createDb = oncePer((d1: D1Database) => drizzle(d1, { schema }));
export type Db = ReturnType<typeof createDb>;
