import { HeraldError, parseRetryAfter } from "./errors.ts";
import type { Answer, ApiPath, Body, Data, Method, Query, QueryValue } from "./types.ts";

export type Credentials = { apiKey: string } | { accessToken: string };

export interface RetryOptions {
  /** Further tries after a 429 (default 2). */
  maxRetries?: number;
  /** A `Retry-After` longer than this is not waited for: the 429 is thrown at once (default 60). */
  maxDelaySeconds?: number;
}

export interface HeraldOptions {
  /** Where the API lives, e.g. `https://herald.example.com` or `http://localhost:8787`. */
  baseUrl: string;
  /** Retry answers of 429 after `Retry-After` (off by default). A 429 is refused before any work, so it is safe. */
  retry?: boolean | RetryOptions;
  /** Replaces the global fetch (a Worker's service binding, a test double). */
  fetch?: (request: Request) => Promise<Response>;
}

export interface CallOptions<P extends ApiPath, M extends Method> {
  /** Values for the `{name}` parts of the path. */
  params?: Record<string, string>;
  query?: Query<P, M>;
  body?: Body<P, M>;
  /** A body sent as it is instead of JSON (a file's bytes, a form); its type goes in `headers`, or comes with it. */
  rawBody?: Blob | FormData | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The D1 bookmark every answer carries; sent back, the next request reads at least what this client wrote. */
const BOOKMARK = "x-d1-bookmark";

/**
 * Sends requests with the credential, throws `HeraldError` for every non-2xx, and retries 429 when asked. Keeps the
 * newest `X-D1-Bookmark` it was answered with and sends it on every request, so the client reads its own writes
 * even where the service answers from a database replica.
 */
export class Http {
  readonly #baseUrl: string;
  readonly #auth: Record<string, string>;
  readonly #fetch: (request: Request) => Promise<Response>;
  readonly #maxRetries: number;
  readonly #maxDelaySeconds: number;
  #bookmark: string | undefined;

  constructor(credentials: Credentials, options: HeraldOptions) {
    if ("apiKey" in credentials && credentials.apiKey) this.#auth = { "x-api-key": credentials.apiKey };
    else if ("accessToken" in credentials && credentials.accessToken) {
      this.#auth = { authorization: `Bearer ${credentials.accessToken}` };
    } else throw new TypeError("Herald needs { apiKey } or { accessToken }");
    if (!options?.baseUrl) throw new TypeError("Herald needs { baseUrl }");
    this.#baseUrl = options.baseUrl.replace(/\/+$/, "");
    // Looked up on each call and called on globalThis: Workers refuse a fetch detached from it.
    this.#fetch = options.fetch ?? ((request) => globalThis.fetch(request));
    const retry = options.retry === true ? {} : options.retry || { maxRetries: 0 };
    this.#maxRetries = retry.maxRetries ?? 2;
    this.#maxDelaySeconds = retry.maxDelaySeconds ?? 60;
  }

  /** The whole answer of a success (the envelope). */
  async call<P extends ApiPath, M extends Method, S extends number = 200 | 201>(
    method: M,
    path: P,
    options: CallOptions<P, M> = {},
  ): Promise<Answer<P, M, S>> {
    const url = this.#url(path, options.params, options.query as Record<string, QueryValue> | undefined);
    const headers: Record<string, string> = { accept: "application/json", ...this.#auth, ...options.headers };
    if (this.#bookmark) headers[BOOKMARK] = this.#bookmark;
    let body: string | Blob | FormData | Uint8Array<ArrayBuffer> | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["content-type"] = "application/json";
    }
    for (let attempt = 0; ; attempt++) {
      const response = await this.#fetch(new Request(url, { method: method.toUpperCase(), headers, body }));
      this.#keepBookmark(response.headers.get(BOOKMARK));
      const text = await response.text();
      const json = parseJson(text);
      if (response.ok) return json as Answer<P, M, S>;
      const error = new HeraldError(
        response.status,
        json ?? text,
        parseRetryAfter(response.headers.get("retry-after")),
      );
      const wait = error.retryAfter ?? 1;
      if (!error.isRateLimited() || attempt >= this.#maxRetries || wait > this.#maxDelaySeconds) throw error;
      await sleep(wait * 1000);
    }
  }

  /** Bookmarks sort from oldest to newest; answers to requests sent at once may arrive in any order. */
  #keepBookmark(bookmark: string | null) {
    if (bookmark && (this.#bookmark === undefined || bookmark > this.#bookmark)) this.#bookmark = bookmark;
  }

  /** The `data` of a success: what resource methods return. */
  async data<P extends ApiPath, M extends Method, S extends number = 200 | 201>(
    method: M,
    path: P,
    options?: CallOptions<P, M>,
  ): Promise<Data<P, M, S>> {
    const answer = (await this.call<P, M, S>(method, path, options)) as { data?: unknown } | null;
    return answer?.data as Data<P, M, S>;
  }

  #url(path: string, params: Record<string, string> = {}, query: Record<string, QueryValue> = {}) {
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params[name];
      if (!value) throw new TypeError(`${path}: no value for {${name}}`);
      return encodeURIComponent(value);
    });
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined) continue;
      search.set(key, Array.isArray(value) ? value.join(",") : String(value));
    }
    const qs = search.toString();
    return `${this.#baseUrl}${filled}${qs ? `?${qs}` : ""}`;
  }
}

function parseJson(text: string): unknown {
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
