// Statements and selects compiled to SQL once per isolate and then only bound: for the hottest paths.
import {
  type DriverValueEncoder,
  getTableColumns,
  is,
  Param,
  Placeholder,
  QueryPromise,
  type SQL,
  sql,
} from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";

interface Buildable {
  toSQL(): { sql: string; params: unknown[] };
}

/** Where a fixed statement's value `name` goes, anywhere drizzle takes SQL (an update's `set`, a condition). */
export const placeholder = (name: string): SQL => sql`${sql.placeholder(name)}`;

/**
 * `column IN` a list that a fixed statement binds as one value, a JSON array (`JSON.stringify(ids)`) under `name`:
 * the statement stays the same however long the list, and D1's limit of 100 parameters does not bound it.
 */
export const inJsonList = (column: SQLiteColumn, name: string): SQL =>
  sql`${column} IN (SELECT value FROM json_each(${placeholder(name)}))`;

/** How each parameter of a compiled statement gets its value: a constant, or a named value through its column. */
type Binding = { constant: unknown } | { name: string; encoder?: DriverValueEncoder<unknown, unknown> };

/**
 * A statement whose shape never changes, turned into SQL once per isolate and then only bound. `build` writes it
 * with drizzle, with `placeholder(name)` where its values go; each use binds `values` by name and answers a batch
 * item (or, awaited, runs alone). Drizzle builds a query's SQL anew every time it runs: on the publish path that
 * was a third of the consumer's CPU, for statements that differ only in their values.
 */
export function fixedStatement<K extends string>(build: (db: Db) => Buildable) {
  const query = fixedQuery<K>(build);
  // Drizzle's D1 batch takes any item that prepares to a statement with its query (`_prepare`, `stmt`,
  // `getQuery`, `mapResult`); its own raw queries with parameters cannot join a batch.
  return (db: Db, values: Record<K, unknown>) => query(db, values) as unknown as BatchItem<"sqlite">;
}

/**
 * A read of whole rows of `table` whose shape never changes (`db.select().from(table)…`, or a write that returns
 * whole rows, with `placeholder(name)` where its values go), built once per isolate like `fixedStatement`; each use
 * answers the rows as drizzle's select would (each column read back through its mapping). For the hottest reads,
 * where building the query was the largest part of the Worker's own CPU.
 */
export function fixedSelect<T extends SQLiteTable, K extends string>(table: T, build: (db: Db) => Buildable) {
  const columns = Object.entries(getTableColumns(table));
  const query = fixedQuery<K>(build);
  return async (db: Db, values: Record<K, unknown>): Promise<T["$inferSelect"][]> => {
    const { results } = await query(db, values).all();
    return results.map((row) => {
      const mapped: Record<string, unknown> = {};
      for (const [field, column] of columns) {
        const value = row[column.name];
        mapped[field] = value === null ? null : column.mapFromDriverValue(value);
      }
      return mapped as T["$inferSelect"];
    });
  };
}

/** The statement `build` writes, compiled on first use; each use binds `values` by name. */
function fixedQuery<K extends string>(build: (db: Db) => Buildable) {
  let compiled: { text: string; bindings: Binding[] } | undefined;
  return (db: Db, values: Record<K, unknown>) => {
    compiled ??= compile(build(db));
    const params = compiled.bindings.map((binding) => boundValue(binding, values));
    return new FixedQuery(db.$client, compiled.text, params);
  };
}

function compile(query: Buildable) {
  const { sql: text, params } = query.toSQL();
  const bindings = params.map((param): Binding => {
    if (is(param, Placeholder)) return { name: param.name };
    if (is(param, Param) && is(param.value, Placeholder)) return { name: param.value.name, encoder: param.encoder };
    // A constant of the statement: drizzle has already turned it into what D1 takes.
    return { constant: param };
  });
  return { text, bindings };
}

function boundValue(binding: Binding, values: Record<string, unknown>) {
  if ("constant" in binding) return binding.constant;
  const value = values[binding.name];
  if (value === undefined) throw new Error(`A fixed statement was given no value for ${binding.name}`);
  return value === null || !binding.encoder ? value : binding.encoder.mapToDriverValue(value);
}

class FixedQuery extends QueryPromise<D1Result> {
  readonly stmt: D1PreparedStatement;

  constructor(
    client: D1Database | D1DatabaseSession,
    private readonly text: string,
    private readonly params: unknown[],
  ) {
    super();
    this.stmt = client.prepare(text);
  }

  _prepare() {
    return this;
  }

  getQuery() {
    return { sql: this.text, params: this.params };
  }

  /** As drizzle's queries answer it: the SQL and its bound values. */
  toSQL() {
    return this.getQuery();
  }

  mapResult(result: D1Result) {
    return result;
  }

  override execute() {
    return this.stmt.bind(...this.params).run();
  }

  all() {
    return this.stmt.bind(...this.params).all<Record<string, unknown>>();
  }
}
