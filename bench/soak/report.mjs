// The soak's report: a file per run in bench/runs/ (seed, machine, counts, every invariant with 0 or the ids that
// broke it, the latency figures) and a summary on the terminal.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { root } from "../../scripts/lib/server.mjs";
import { countBy } from "./plan.mjs";

export function writeReport({
  seed,
  minutes,
  scale,
  setupMs,
  drivenMs,
  ticks,
  world,
  actions,
  supervisor,
  result,
  config,
}) {
  const date = new Date().toISOString().slice(0, 10);
  const file = join(root, "bench", "runs", `${date}-soak-${seed}-${minutes}m.json`);
  const report = {
    kind: "soak",
    seed,
    minutes,
    repeat: `SOAK_SEED=${seed} SOAK_MINUTES=${minutes} npm run soak`,
    at: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model,
      memory_gb: Math.round(totalmem() / 2 ** 30),
      load_at_end: loadavg().map((l) => Number(l.toFixed(2))),
      note: "shared with other work: latency figures are not clean",
    },
    scale,
    config,
    timing: { setup_s: Math.round(setupMs / 1000), driven_s: Math.round(drivenMs / 1000), ticks },
    world: {
      users: world.users.length,
      users_by_plan: countBy(world.users, (u) => u.plan),
      accounts: world.users.reduce((n, u) => n + u.accounts.length + (u.flowAccount ? 1 : 0), 0),
      posts_by_kind: countBy(world.posts, (p) => p.kind),
      plugs: world.plugs.length,
      webhooks_by_receiver: countBy(world.webhooks, (w) => w.behaviour),
      feeds: world.feeds.length,
      flows: world.flows.length,
      setup_errors: world.errors,
    },
    driven: {
      immediate_posts: actions.record.immediate.length,
      next_slot_posts: actions.record.nextSlot.length,
      next_slot_refused: actions.record.nextSlotRefused,
      find_slot_bursts: actions.record.findSlotBursts.length,
      inbound: actions.record.inbound,
      stop_words: actions.record.stops.length,
      opt_outs: actions.record.optOuts.length,
      flows_switched_off: actions.record.deactivated.length,
      inbox_replies: actions.record.replies.length,
      plug_likes_set: actions.record.metricsSet,
      faults: actions.record.faults.length,
      faults_by_mode: countBy(actions.record.faults, (f) => f.mode),
      kills: supervisor.outages.length,
      errors: actions.record.errors,
    },
    counts: result.counts,
    invariants: result.invariants,
    figures: result.figures,
    broken: result.broken,
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  // In the repository's format, so the run file passes `npm run lint` as it is.
  spawnSync(join(root, "node_modules", ".bin", "biome"), ["format", "--write", file], { cwd: root, stdio: "ignore" });

  const kinds = report.world.posts_by_kind;
  console.log(
    `\nDriven: ${Object.entries(kinds)
      .map(([k, n]) => `${n} ${k}`)
      .join(", ")} posts; ${actions.record.replies.length} inbox replies; ${supervisor.outages.length} kills`,
  );
  console.log("\nInvariants");
  for (const i of result.invariants) {
    console.log(
      `  ${i.count === 0 ? "ok  " : "FAIL"} ${String(i.count).padStart(5)}  ${i.name}${i.count ? `: ${i.ids.slice(0, 5).join("; ")}` : ""}`,
    );
  }
  const f = result.figures;
  const ms = (v) => (v === null ? "-" : `${(v / 1000).toFixed(2)} s`);
  console.log("\nFigures (wall time; the machine is shared)");
  console.log(
    `  publish lag, scheduled: p50 ${ms(f.publish_lag_scheduled.p50_ms)} p99 ${ms(f.publish_lag_scheduled.p99_ms)} (${f.publish_lag_scheduled.samples} targets)`,
  );
  console.log(
    `  publish lag, immediate: p50 ${ms(f.publish_lag_immediate.p50_ms)} p99 ${ms(f.publish_lag_immediate.p99_ms)} (${f.publish_lag_immediate.samples} targets)`,
  );
  for (const r of f.restarts) {
    console.log(
      `  restart (${r.aimed_at}): down ${ms(r.down_ms)}, publishing again ${ms(r.publishing_resumed_after_ms)} after it was up`,
    );
  }
  console.log(`\n${result.broken === 0 ? "Every invariant held." : `${result.broken} invariant(s) broke.`}`);
  return file;
}
