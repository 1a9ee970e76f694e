// Local webhook receivers: each verifies every request's signature (the SDK's verifyWebhook, either format) and
// records every event id it got; by the seed some answer 500 or hang for a while, and some are down for good.
import { createServer } from "node:http";
import { verifyWebhook } from "../../sdk/src/verify.ts";

/**
 * How a receiver behaves: `healthy` always 200; `flaky` 500 inside its outage windows; `slow` hangs past Herald's
 * time limit inside its windows; `dead` always 500 (Herald should switch it off).
 */
export const BEHAVIOURS = ["healthy", "flaky", "slow", "dead"];

export class Receivers {
  /** `serviceNow()`: the soak's service time, which Herald signs with; `hangMs`: how long a slow receiver hangs. */
  constructor({ serviceNow, toleranceS, hangMs }) {
    this.serviceNow = serviceNow;
    this.toleranceS = toleranceS;
    this.hangMs = hangMs;
    this.receivers = new Map();
    this.badSignatures = [];
    this.unknownPaths = 0;
  }

  async listen() {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.port = this.server.address().port;
  }

  /** A receiver at its own path; `windows`: wall-time [from, to] spans in which a flaky or slow one misbehaves. */
  add(id, behaviour, windows = []) {
    const receiver = {
      id,
      behaviour,
      windows,
      secret: null,
      got: new Map(),
      refused: new Map(),
      requests: 0,
      failedAnswers: 0,
    };
    this.receivers.set(id, receiver);
    return { url: `http://127.0.0.1:${this.port}/hooks/${id}`, receiver };
  }

  misbehaving(receiver, now = Date.now()) {
    if (receiver.behaviour === "dead") return true;
    if (receiver.behaviour === "healthy") return false;
    return receiver.windows.some(([from, to]) => now >= from && now < to);
  }

  /** From now on every receiver answers 200 at once (a dead one stays dead). */
  heal() {
    for (const r of this.receivers.values()) if (r.behaviour !== "dead") r.windows = [];
  }

  handle(req, res) {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      const receiver = this.receivers.get(req.url.split("/").at(-1));
      if (!receiver) {
        this.unknownPaths++;
        res.writeHead(404).end();
        return;
      }
      receiver.requests++;
      const body = Buffer.concat(chunks);
      let event;
      try {
        event = await verifyWebhook(new Uint8Array(body), req.headers, receiver.secret, {
          now: this.serviceNow() / 1000,
          tolerance: this.toleranceS,
        });
      } catch (error) {
        this.badSignatures.push({ receiver: receiver.id, error: error.message });
        res.writeHead(400).end();
        return;
      }
      if (this.misbehaving(receiver)) {
        receiver.failedAnswers++;
        receiver.refused.set(event.id, (receiver.refused.get(event.id) ?? 0) + 1);
        if (receiver.behaviour === "slow") {
          setTimeout(() => res.writeHead(200).end(), this.hangMs).unref();
          return;
        }
        res.writeHead(500).end();
        return;
      }
      const seen = receiver.got.get(event.id);
      if (seen) seen.times++;
      else receiver.got.set(event.id, { event: event.event, times: 1 });
      res.writeHead(200).end("ok");
    });
  }

  close() {
    this.server?.closeAllConnections?.();
    return new Promise((resolve) => this.server?.close(resolve) ?? resolve());
  }
}
