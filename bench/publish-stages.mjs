// Where the publish lag goes, stage by stage, for posts due at the same second, read from what the run left behind.
// The scheduler's alarm records when it ran and how long its dispatch took (job_runs: taking the due posts and
// sending their messages), the sandbox platform when it was called (sandbox_calls.created_at), each outcome when the
// call returned (published_at); the server's log gives each queue batch (the line a batch logs when round trips are
// counted: when it started, how long it ran, its round trips). workerd's clock moves only across I/O, so times taken
// in one stretch of CPU read the same.
import { readdirSync, readFileSync } from "node:fs";
import { percentile } from "./lib.mjs";

/**
 * Collects the queue batches of `queue` from the server's log (`onLine` for `startServer`): the line each batch logs
 * when round trips are counted says when it started (the Worker's clock), how long it ran, its messages and trips.
 */
export function queueBatches(queue) {
  const batches = [];
  return {
    batches,
    onLine(line) {
      if (!line.includes('"event":"queue.round_trips"')) return;
      const { consumer, started_at: start, ms, messages, ...trips } = JSON.parse(line).round_trips;
      if (consumer === queue) batches.push({ start, end: start + ms, ms, messages, trips });
    },
  };
}

/**
 * The stages of the targets due at `due` (ms): `rows` as read from the local D1 (`called` and `settled` per target),
 * `alarm` the scheduler's run (`at`, `ms`), `batches` from `queueBatches`. Answers the per-stage numbers, and each
 * batch with its wait and its parts.
 */
export function publishStages({ due, rows, alarm, batches }) {
  const called = rows.filter((r) => r.called !== null);
  const window = batches.filter((b) => b.end >= due && b.start <= Math.max(...called.map((r) => r.called)) + 5_000);
  const batchOf = (t) => window.find((b) => t >= b.start - 5 && t <= b.end + 5);
  const perBatch = window.map((b, i) => {
    const calls = called.filter((r) => batchOf(r.called) === b).map((r) => r.called);
    return {
      batch: i + 1,
      messages: b.messages,
      start_after_due: b.start - due,
      waited_ms: i === 0 ? b.start - (alarm?.at ?? due) : b.start - window[i - 1].end,
      ms: b.ms,
      to_first_call_ms: calls.length ? Math.min(...calls) - b.start : null,
      to_last_call_ms: calls.length ? Math.max(...calls) - b.start : null,
      after_last_call_ms: calls.length ? b.end - Math.max(...calls) : null,
      trips: b.trips,
    };
  });
  const stat = (values) => ({
    min: Math.min(...values),
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    max: Math.max(...values),
  });
  const starts = called.map((r) => batchOf(r.called)?.start ?? r.called);
  return {
    alarm_after_due_ms: alarm ? alarm.at - due : null,
    dispatch_ms: alarm?.ms ?? null,
    consumer_start_after_due: stat(starts.map((start) => start - due)),
    call_after_consumer_start: stat(called.map((r, i) => r.called - starts[i])),
    settled_after_call: stat(called.filter((r) => r.settled !== null).map((r) => r.settled - r.called)),
    lag: stat(called.map((r) => r.called - due)),
    batches: perBatch,
  };
}

/** Prints the stages as `publishStages` answers them. */
export function printStages(s) {
  const show = (x) => `min ${x.min}  p50 ${x.p50}  p99 ${x.p99}  max ${x.max} ms`;
  console.log("  stages (per target):");
  console.log(
    `    due → alarm runs                ${s.alarm_after_due_ms} ms (taking and queueing took ${s.dispatch_ms} ms)`,
  );
  console.log(`    due → its batch starts          ${show(s.consumer_start_after_due)}`);
  console.log(`    batch start → platform call     ${show(s.call_after_consumer_start)}`);
  console.log(`    platform call → it returned     ${show(s.settled_after_call)}`);
  console.log("  queue batches (the local queue runs one batch at a time):");
  for (const b of s.batches) {
    const trips = b.trips ? `  d1 ${b.trips.d1} · do ${b.trips.do} · queue ${b.trips.queue}` : "";
    console.log(
      `    #${b.batch} ${String(b.messages).padStart(3)} msgs  starts +${b.start_after_due} ms (waited ${b.waited_ms})  runs ${b.ms} ms: first call +${b.to_first_call_ms}, last +${b.to_last_call_ms}, then ${b.after_last_call_ms} ms to its end${trips}`,
    );
  }
}

/**
 * CPU time (ms, user and system) used so far by the `workerd` processes under `rootPid` (wrangler's): the Worker, its
 * Durable Objects, the local D1 and the queue broker all run there. Unlike wall time, it does not grow when other
 * work shares the machine, so it compares runs made under different loads.
 */
export function workerdCpuMs(rootPid) {
  const procs = readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8").trim();
        const [, comm, rest] = stat.match(/^\d+ \((.*)\) (.*)$/) ?? [];
        const fields = rest.split(" ");
        return [{ pid: Number(pid), comm, ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) }];
      } catch {
        return [];
      }
    });
  const under = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of procs) {
      if (!under.has(p.pid) && under.has(p.ppid)) {
        under.add(p.pid);
        grew = true;
      }
    }
  }
  const ticks = procs.filter((p) => under.has(p.pid) && p.comm.startsWith("workerd")).reduce((n, p) => n + p.ticks, 0);
  return ticks * 10;
}
