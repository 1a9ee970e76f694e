// The soak's time: the sandbox clock driven so that a simulated week passes in an hour of wall time, the crons fired
// as that simulated time crosses them, and the conversions between service time and wall time for the figures.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** Simulated milliseconds per wall millisecond: a week in an hour. */
export const RATIO = (7 * DAY) / HOUR;

export class SoakClock {
  /** `start`: the service time the run begins at; `tickMs`: wall time between moves of the clock. */
  constructor({ api, start, tickMs = 2000, log = () => {} }) {
    this.api = api;
    this.start = start;
    this.tickMs = tickMs;
    this.log = log;
    /** Each move: the wall time and the service time it set (service time then runs at wall speed until the next). */
    this.moves = [];
    this.firedHour = null;
    this.firedDay = null;
  }

  /** Sets service time to `start` now and remembers the wall time the run began. */
  async begin() {
    this.wallStart = Date.now();
    await this.moveTo(this.start);
  }

  /** The service time the run should be at now: `start` plus the wall time since, times `RATIO`. */
  target(wall = Date.now()) {
    return this.start + (wall - this.wallStart) * RATIO;
  }

  async moveTo(service) {
    const answer = await this.api.post("/api/v1/sandbox/clock", { set: new Date(service).toISOString() });
    const now = Date.parse(answer.now);
    this.moves.push({ wall: Date.now(), service: now });
    return now;
  }

  /** Service time as Herald reads it now (its last move plus the wall time since). */
  now() {
    const last = this.moves.at(-1);
    return last.service + (Date.now() - last.wall);
  }

  /** One tick: the clock moved to the target (never back), then the crons its move crossed, in order. */
  async tick({ advance = true } = {}) {
    const before = this.now();
    const now = advance ? await this.moveTo(Math.max(this.target(), before)) : before;
    await this.fire("* * * * *");
    const hour = Math.floor(now / HOUR);
    if (this.firedHour !== null && hour !== this.firedHour) await this.fire("0 * * * *");
    this.firedHour = hour;
    const day = Math.floor((now - (3 * HOUR + 30 * MINUTE)) / DAY);
    if (this.firedDay !== null && day !== this.firedDay) await this.fire("30 3 * * *");
    this.firedDay = day;
    return now;
  }

  async fire(cron) {
    const res = await fetch(`${this.api.baseUrl}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(cron)}`);
    await res.arrayBuffer();
    if (!res.ok) this.log(`cron ${cron}: ${res.status}`);
  }

  /**
   * The wall time at which service time reached `service`: within a stretch between two moves time ran at wall speed;
   * a time the clock jumped over was reached at the jump.
   */
  wallOf(service) {
    const moves = this.moves;
    let lo = 0;
    let hi = moves.length - 1;
    if (service < moves[0].service) return moves[0].wall;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (moves[mid].service <= service) lo = mid;
      else hi = mid - 1;
    }
    const move = moves[lo];
    const next = moves[lo + 1];
    const reached = move.wall + (service - move.service);
    return next && reached > next.wall ? next.wall : reached;
  }
}
