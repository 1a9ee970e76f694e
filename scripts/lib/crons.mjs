// Fires the Worker's cron triggers under `wrangler dev`, which does not fire them by itself.
import { readFileSync } from "node:fs";
import { Cron } from "croner";
import { parse } from "smol-toml";

export function cronsOf(wranglerToml) {
  return parse(readFileSync(wranglerToml, "utf8")).triggers?.crons ?? [];
}

/** Calls wrangler's scheduled handler for each expression when it is due; returns a stop function. */
export function startCronTicker(baseUrl, expressions, log = console.log) {
  const jobs = expressions.map(
    (expression) =>
      new Cron(expression, { timezone: "UTC", protect: true }, async () => {
        const url = `${baseUrl}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(expression)}`;
        try {
          const res = await fetch(url);
          if (!res.ok) log(`cron ${expression}: ${res.status}`);
        } catch (error) {
          log(`cron ${expression}: ${error.message}`);
        }
      }),
  );
  return () => {
    for (const job of jobs) job.stop();
  };
}
