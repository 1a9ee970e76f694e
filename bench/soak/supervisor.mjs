// Runs Herald under `wrangler dev` in sandbox mode on one local state, and kills it (wrangler and workerd together,
// SIGKILL) and starts it again on the same state when the soak says so.
import { createWriteStream } from "node:fs";
import { startServer } from "../../scripts/lib/server.mjs";

export class Supervisor {
  /** `persistTo`: the local state (D1, Durable Objects, queues) kept across restarts; `log`: a file for its output. */
  constructor({ port, inspectorPort, persistTo, logFile }) {
    this.options = { port, inspectorPort, persistTo };
    this.log = createWriteStream(logFile, { flags: "a" });
    this.baseUrl = `http://127.0.0.1:${port}`;
    /** Each kill: when it happened, what it was aimed at, and when Herald answered again. */
    this.outages = [];
    this.up = false;
  }

  async start() {
    const started = Date.now();
    const { server } = await startServer({
      ...this.options,
      quiet: false,
      detached: true,
      onLine: (line) => this.log.write(`${line}\n`),
    });
    this.server = server;
    this.up = true;
    // Herald dying by itself (or at another's hand) is not one of the soak's kills: the log says how it ended.
    server.once("exit", (code, signal) => {
      if (this.server === server && this.up) this.log.write(`--- soak: Herald exited unasked (${signal ?? code})\n`);
    });
    return Date.now() - started;
  }

  /** SIGKILL of the whole process group: nothing gets to finish, as when the machine dies. */
  kill(aimedAt) {
    const at = Date.now();
    this.up = false;
    try {
      process.kill(-this.server.pid, "SIGKILL");
    } catch {}
    this.log.write(`--- soak: killed (${aimedAt}) at ${new Date(at).toISOString()}\n`);
    const outage = { aimedAt, killedAt: at, upAt: null };
    this.outages.push(outage);
    return outage;
  }

  /** Kills, waits for the processes to be gone, and starts again on the same state. */
  async restart(aimedAt) {
    const outage = this.kill(aimedAt);
    await new Promise((resolve) => (this.server.exitCode !== null ? resolve() : this.server.once("exit", resolve)));
    await new Promise((r) => setTimeout(r, 500));
    await this.start();
    outage.upAt = Date.now();
    return outage;
  }

  async stop() {
    if (!this.server) return;
    this.up = false;
    const exited = new Promise((resolve) =>
      this.server.exitCode !== null ? resolve() : this.server.once("exit", resolve),
    );
    try {
      process.kill(-this.server.pid, "SIGTERM");
    } catch {}
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    try {
      process.kill(-this.server.pid, "SIGKILL");
    } catch {}
    this.log.end();
  }
}
