// The one logger: one JSON line per event (level, event, request_id, its fields), and the request id it follows.
import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The request id of the work in hand: set for each request by the `X-Request-Id` middleware, and carried on into the
 * queue messages it sends and the Durable Object calls it makes, so a publish can be followed from the API call to
 * the platform call. Work that starts on its own (a cron job, an alarm, a queue batch) gets one of its own.
 */
const current = new AsyncLocalStorage<{ requestId: string }>();

/** The request id of the work in hand; undefined outside any. */
export const currentRequestId = (): string | undefined => current.getStore()?.requestId;

/**
 * Runs `work` as part of request `requestId`; without one, as part of the work in hand, or else under a fresh id
 * named for `origin`.
 */
export const inRequest = <T>(requestId: string | undefined, origin: string, work: () => T): T =>
  current.run({ requestId: requestId ?? currentRequestId() ?? newRequestId(origin) }, work);

/** A request id for work no request started: `cron-…`, `alarm-…`, `queue-…`. */
export const newRequestId = (origin: string) => `${origin}-${crypto.randomUUID()}`;

/** What a request id may be when a client sends its own (hono's request-id middleware checks the same letters). */
export const REQUEST_ID_MAX = 128;

type Level = "info" | "warn" | "error";
type Fields = Record<string, unknown>;

/** Field names whose values are never written, whatever they hold (compared without case, `_` or `-`). */
const SECRET_NAME = /(secret|password|token|apikey|authorization|cookie|credential|signature|^key$)/;
/** Secrets in free text (an error's message): Herald's API keys, bearer tokens, a token in a URL's query. */
const SECRET_TEXT = [
  /\bsk_[A-Za-z0-9_-]+/g,
  /\b(Bearer|Basic)\s+[^\s"']+/gi,
  /([?&](?:access_token|refresh_token|token|code|client_secret|key)=)[^&\s"']+/gi,
];
const REDACTED = "[redacted]";

/** `text` with every secret `SECRET_TEXT` recognizes replaced. */
export function scrubbed(text: string): string {
  return SECRET_TEXT.reduce(
    (out, pattern) =>
      out.replace(pattern, (_match, prefix: unknown) =>
        typeof prefix === "string" && prefix.endsWith("=") ? prefix + REDACTED : REDACTED,
      ),
    text,
  );
}

/** A field's value as it is written: errors as their name, message and stack; secrets by name or shape left out. */
function safe(value: unknown, depth = 0): unknown {
  if (value instanceof Error) {
    // A failed query's message holds its bound values (emails, hashes, sealed credentials): the query and the
    // database's own error are written, never the values.
    if ("query" in value && "params" in value) {
      return { name: value.name, query: safe(value.query, depth + 1), cause: safe(value.cause, depth + 1) };
    }
    return { name: value.name, message: scrubbed(value.message), stack: value.stack && scrubbed(value.stack) };
  }
  if (typeof value === "string") return scrubbed(value);
  if (value === null || typeof value !== "object") return value;
  if (depth > 4) return "[deep]";
  if (Array.isArray(value)) return value.map((item) => safe(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([name, field]) => [
      name,
      SECRET_NAME.test(name.toLowerCase().replace(/[_-]/g, "")) ? REDACTED : safe(field, depth + 1),
    ]),
  );
}

function write(level: Level, event: string, fields: Fields = {}) {
  const line = { level, event, request_id: currentRequestId() ?? null, ...(safe(fields) as Fields) };
  let text: string;
  try {
    text = JSON.stringify(line);
  } catch {
    text = JSON.stringify({ level, event, request_id: line.request_id, unserializable: true });
  }
  // Workers Logs reads each line as JSON: level, event and request_id become fields to search by.
  if (level === "error") console.error(text);
  else if (level === "warn") console.warn(text);
  else console.log(text);
}

/**
 * The one way src/ writes to the log: `log.error("publish.record_failed", { target_id, error })`. An event is a
 * dotted name (`<area>.<what happened>`), its fields snake_case; field names that say secret (token, password, key,
 * secret, authorization, cookie, signature) are written as `[redacted]`, and API keys and bearer tokens in text too.
 */
export const log = {
  info: (event: string, fields?: Fields) => write("info", event, fields),
  warn: (event: string, fields?: Fields) => write("warn", event, fields),
  error: (event: string, fields?: Fields) => write("error", event, fields),
};
