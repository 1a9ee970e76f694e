import { env } from "cloudflare:test";

/**
 * Rows the running half of flows writes (a `collect` step's answers, executions), written straight to D1 so the
 * read side can be tested on its own.
 */
export interface ItemSeed {
  userId: string;
  flowId: string;
  flowName?: string;
  fieldType?: "email" | "phone" | "number" | "url" | "date" | "text";
  fieldLabel?: string;
  value?: string;
  valid?: boolean;
  collectedAt: number;
  id?: string;
}

let counter = 0;
/** Ids that sort in the order they are made, so ties on the time are ordered by id as the export orders them. */
const nextId = (prefix: string) => `${prefix}_${String(++counter).padStart(8, "0")}${crypto.randomUUID().slice(0, 8)}`;

/** Inserts collected items (a D1 batch); answers their ids in the order given. */
export async function insertItems(items: ItemSeed[]): Promise<string[]> {
  const ids = items.map((item) => item.id ?? nextId("item"));
  const statement = env.DB.prepare(
    `INSERT INTO collected_items (id, user_id, flow_id, flow_name, execution_id, step_id, field_type, field_label, value, valid, collected_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const statements = items.map((item, i) =>
    statement.bind(
      ids[i]!,
      item.userId,
      item.flowId,
      item.flowName ?? "A flow",
      "exec_seed",
      "step_seed",
      item.fieldType ?? "text",
      item.fieldLabel ?? "Answer",
      item.value ?? `answer ${i}`,
      item.valid === false ? 0 : 1,
      item.collectedAt,
    ),
  );
  for (let i = 0; i < statements.length; i += 500) await env.DB.batch(statements.slice(i, i + 500));
  return ids;
}

export interface ExecutionSeed {
  flowId: string;
  userId: string;
  accountId: string;
  status: "running" | "waiting_input" | "waiting_delay" | "completed" | "errored";
  startedAt: number;
  endedAt?: number;
}

/** Inserts flow executions; answers their ids. */
export async function insertExecutions(rows: ExecutionSeed[]): Promise<string[]> {
  const ids = rows.map(() => nextId("exec"));
  const statement = env.DB.prepare(
    `INSERT INTO flow_executions (id, flow_id, user_id, account_id, version_id, contact_id, status, started_at, updated_at, ended_at)
     VALUES (?, ?, ?, ?, 'fver_seed', ?, ?, ?, ?, ?)`,
  );
  await env.DB.batch(
    rows.map((row, i) =>
      statement.bind(
        ids[i]!,
        row.flowId,
        row.userId,
        row.accountId,
        `contact_${i}`,
        row.status,
        row.startedAt,
        row.endedAt ?? row.startedAt,
        row.endedAt ?? null,
      ),
    ),
  );
  return ids;
}
