// The report as one CSV file: a table per section, each under a `# section` row, formulas defused.
import { csvRow } from "../../lib/csv";
import type { Report } from "./report";

/** The columns of each section, in order (docs/analytics.md describes them). */
export const REPORT_CSV_COLUMNS = {
  report: ["workspace", "group", "from", "to", "previous_from", "previous_to"],
  totals: ["metric", "value", "previous", "change", "change_percent"],
  followers: ["account_id", "platform", "name", "start", "end", "change", "change_percent"],
  posts: ["post_id", "published_at", "platforms", "text", "likes", "comments", "reposts", "views", "engagement"],
  links: ["code", "short_url", "url", "post_id", "account_id", "platform", "clicks", "bots"],
  best_times: ["account_id", "platform", "basis", "weekday", "hour", "posts", "median_engagement", "score", "zone"],
} as const;

const section = (name: keyof typeof REPORT_CSV_COLUMNS, rows: unknown[][]) =>
  [csvRow([`# ${name}`]), csvRow(REPORT_CSV_COLUMNS[name]), ...rows.map(csvRow)].join("");

/** The whole report as CSV (RFC 4180): sections separated by an empty row, every cell through `csvRow`. */
export function reportCsv(report: Report): string {
  const totals = Object.entries(report.totals).map(([metric, value]) => {
    const change = report.change[metric as keyof Report["change"]];
    return [
      metric,
      value,
      report.previous_totals[metric as keyof Report["totals"]],
      change.value,
      change.percent ?? "",
    ];
  });
  const sections = [
    section("report", [
      [report.workspace, report.group?.name ?? "", report.from, report.to, report.previous.from, report.previous.to],
    ]),
    section("totals", totals),
    section(
      "followers",
      report.followers.map((f) => [
        f.account_id,
        f.platform,
        f.name,
        f.start ?? "",
        f.end ?? "",
        f.change,
        f.change_percent ?? "",
      ]),
    ),
    section(
      "posts",
      report.posts.map((p) => [
        p.post_id,
        p.published_at,
        p.platforms.join(" "),
        p.text,
        p.likes,
        p.comments,
        p.reposts,
        p.views,
        p.engagement,
      ]),
    ),
    section(
      "links",
      report.links.map((l) => [l.code, l.short_url, l.url, l.post_id, l.account_id, l.platform, l.clicks, l.bots]),
    ),
    section(
      "best_times",
      report.best_times.flatMap((b) =>
        b.cells.length
          ? b.cells.map((c) => [
              b.account_id,
              b.platform,
              b.basis,
              c.weekday,
              c.hour,
              c.posts,
              c.median_engagement,
              c.score,
              b.zone,
            ])
          : [[b.account_id, b.platform, b.basis, "", "", "", "", "", b.zone]],
      ),
    ),
  ];
  return sections.join("\r\n");
}
