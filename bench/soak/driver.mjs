// The soak's HTTP calls to Herald: a user's client with its key, that waits out a restart and says what it got.

/** A call that could not be answered (Herald was down or died mid-call): whether it took effect is unknown. */
export class Unanswered extends Error {}

export class HeraldApi {
  constructor(baseUrl, key, { isUp = () => true } = {}) {
    this.baseUrl = baseUrl;
    this.key = key;
    this.isUp = isUp;
  }

  as(key) {
    return new HeraldApi(this.baseUrl, key, { isUp: this.isUp });
  }

  /** `{ status, body }`; throws `Unanswered` when no answer came. */
  async request(method, path, body, { idempotencyKey, timeoutMs = 60_000 } = {}) {
    const headers = { "content-type": "application/json" };
    if (this.key) headers["x-api-key"] = this.key;
    if (idempotencyKey) headers["idempotency-key"] = idempotencyKey;
    let res;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new Unanswered(`${method} ${path}: ${error.cause?.code ?? error.message}`);
    }
    const text = await res.text().catch(() => "");
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {}
    // A 5xx without Herald's envelope, or an answer cut off midway (the process died): nothing says what happened.
    if (json === null || (res.status >= 500 && !json.error)) {
      throw new Unanswered(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    }
    return { status: res.status, body: json, headers: res.headers };
  }

  /** The data of a successful answer; throws with the error otherwise. */
  async ok(method, path, body, options) {
    const { status, body: json } = await this.request(method, path, body, options);
    if (!json?.success) {
      const error = new Error(`${method} ${path}: ${status} ${JSON.stringify(json?.error ?? json)}`);
      error.status = status;
      error.code = json?.error?.code;
      throw error;
    }
    return json;
  }

  get = (path) => this.ok("GET", path).then((j) => j.data);
  post = (path, body, options) => this.ok("POST", path, body, options).then((j) => j.data);
  patch = (path, body) => this.ok("PATCH", path, body).then((j) => j.data);

  /**
   * The same call again until it is answered, across a restart (for calls whose effect the soak must know: an
   * idempotency key, or a call that does the same twice, such as deactivating a flow).
   */
  async persist(method, path, body, options = {}, deadlineMs = 180_000) {
    const deadline = Date.now() + deadlineMs;
    for (;;) {
      try {
        return await this.ok(method, path, body, options);
      } catch (error) {
        // A key whose first try died with the process is in progress until its lease lapses: try again then.
        const again = error instanceof Unanswered || error.code === "idempotency_in_progress";
        if (!again || Date.now() > deadline) throw error;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  /** Every page of a cursor-paged list (`param`: the query parameter that takes `next_cursor`). */
  async *pages(path, param = "cursor") {
    let cursor = null;
    do {
      const sep = path.includes("?") ? "&" : "?";
      const json = await this.persist("GET", `${path}${cursor ? `${sep}${param}=${encodeURIComponent(cursor)}` : ""}`);
      yield json.data;
      cursor = json.next_cursor ?? null;
    } while (cursor);
  }
}
