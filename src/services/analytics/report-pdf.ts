// The report as a PDF made in the Worker (pdf-lib): its numbers as text, its charts drawn as vectors.
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "@cantoo/pdf-lib";
import type { Report } from "./report";

const A4 = [595.28, 841.89] as const;
const MARGIN = 48;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.42, 0.45, 0.5);
const ACCENT = rgb(0.15, 0.39, 0.92);
const RULE = rgb(0.85, 0.87, 0.9);
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
/** Rows of the posts and links tables (the CSV and JSON carry them all). */
const POST_ROWS = 30;
const LINK_ROWS = 20;

/** Text the standard fonts can draw (WinAnsi): anything else becomes "?", line breaks spaces. */
const printable = (text: string) => text.replace(/\s+/g, " ").replace(/[^\x20-\x7E\xA0-\xFF]/g, "?");

/** A page-filling writer: text and charts go down the page, a new page starts when one is full. */
class Writer {
  page!: PDFPage;
  y = 0;
  readonly doc: PDFDocument;
  readonly font: PDFFont;
  readonly bold: PDFFont;
  constructor(doc: PDFDocument, font: PDFFont, bold: PDFFont) {
    this.doc = doc;
    this.font = font;
    this.bold = bold;
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage([...A4]);
    this.y = A4[1] - MARGIN;
  }

  room(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }

  text(value: string, options: { size?: number; bold?: boolean; color?: typeof INK; x?: number; width?: number } = {}) {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.font;
    const width = options.width ?? A4[0] - 2 * MARGIN;
    const whole = printable(value);
    let line = whole;
    while (line.length > 1 && font.widthOfTextAtSize(line.length < whole.length ? `${line}...` : line, size) > width)
      line = line.slice(0, -1);
    if (line.length < whole.length) line = `${line}...`;
    this.page.drawText(line, { x: options.x ?? MARGIN, y: this.y - size, size, font, color: options.color ?? INK });
  }

  line(value: string, options: Parameters<Writer["text"]>[1] = {}) {
    const size = options.size ?? 10;
    this.room(size + 6);
    this.text(value, options);
    this.y -= size + 6;
  }

  /** A row of cells at the given x offsets. */
  row(cells: string[], offsets: number[], options: { bold?: boolean } = {}) {
    this.room(16);
    cells.forEach((cell, i) => {
      const x = MARGIN + offsets[i]!;
      const next = offsets[i + 1] ?? A4[0] - 2 * MARGIN;
      this.text(cell, { ...options, x, width: next - offsets[i]! - 6, size: 9 });
    });
    this.y -= 15;
  }

  heading(value: string) {
    this.room(40);
    this.y -= 10;
    this.text(value, { size: 13, bold: true });
    this.y -= 20;
    this.page.drawLine({ start: { x: MARGIN, y: this.y + 4 }, end: { x: A4[0] - MARGIN, y: this.y + 4 }, color: RULE });
    this.y -= 4;
  }

  /** Vertical bars, one per value, scaled to the largest; the labels of the first and last bar beneath. */
  bars(values: { label: string; value: number }[], height = 110) {
    this.room(height + 24);
    const width = A4[0] - 2 * MARGIN;
    const most = Math.max(1, ...values.map((v) => v.value));
    const step = width / Math.max(1, values.length);
    const base = this.y - height;
    this.page.drawLine({ start: { x: MARGIN, y: base }, end: { x: MARGIN + width, y: base }, color: RULE });
    values.forEach((v, i) => {
      const h = (v.value / most) * (height - 12);
      if (h > 0)
        this.page.drawRectangle({
          x: MARGIN + i * step + step * 0.15,
          y: base,
          width: step * 0.7,
          height: h,
          color: ACCENT,
        });
    });
    this.page.drawText(`max ${most}`, { x: MARGIN, y: this.y - 8, size: 8, font: this.font, color: MUTED });
    const first = values[0];
    const last = values.at(-1);
    if (first) this.page.drawText(first.label, { x: MARGIN, y: base - 12, size: 8, font: this.font, color: MUTED });
    if (last && last !== first) {
      const w = this.font.widthOfTextAtSize(last.label, 8);
      this.page.drawText(last.label, { x: MARGIN + width - w, y: base - 12, size: 8, font: this.font, color: MUTED });
    }
    this.y = base - 24;
  }

  /** A line through the points, scaled between their lowest and highest value. */
  lineChart(points: number[], height = 70) {
    this.room(height + 12);
    const width = A4[0] - 2 * MARGIN;
    const low = Math.min(...points);
    const high = Math.max(...points);
    const span = high - low || 1;
    const base = this.y - height;
    const at = (i: number) => ({
      x: MARGIN + (points.length === 1 ? width / 2 : (i / (points.length - 1)) * width),
      y: base + ((points[i]! - low) / span) * (height - 10),
    });
    this.page.drawLine({ start: { x: MARGIN, y: base }, end: { x: MARGIN + width, y: base }, color: RULE });
    for (let i = 1; i < points.length; i++)
      this.page.drawLine({ start: at(i - 1), end: at(i), thickness: 1.5, color: ACCENT });
    if (points.length === 1) this.page.drawCircle({ ...at(0), size: 2, color: ACCENT });
    this.y = base - 12;
  }
}

const day = (isoText: string) => isoText.slice(0, 10);
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
const percent = (p: number | null) => (p === null ? "-" : `${p > 0 ? "+" : ""}${p}%`);

/** Engagement of the period's posts per UTC day, every day of the period (for the bar chart). */
function engagementPerDay(report: Report) {
  const days = new Map<string, number>();
  for (let t = Date.parse(report.from); t < Date.parse(report.to); t += 86_400_000)
    days.set(day(new Date(t).toISOString()), 0);
  for (const post of report.posts) {
    const key = day(post.published_at);
    if (days.has(key)) days.set(key, days.get(key)! + post.engagement);
  }
  return [...days].map(([label, value]) => ({ label, value }));
}

/** The report as PDF bytes: the workspace, the group and the period on the first page; every section after. */
export async function reportPdf(report: Report): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const periodText = `${day(report.from)} to ${day(new Date(Date.parse(report.to) - 1).toISOString())}`;
  doc.setTitle(`${report.workspace} analytics report, ${periodText}`);
  doc.setProducer("Herald");
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );

  w.line("Analytics report", { size: 20, bold: true });
  w.line(`Workspace: ${report.workspace}`, { size: 12 });
  if (report.group) w.line(`Client group: ${report.group.name}`, { size: 12 });
  w.line(`Period: ${periodText} (compared with ${day(report.previous.from)} onwards)`, { size: 12 });
  w.line(`Accounts: ${report.accounts.map((a) => `${a.name} (${a.platform})`).join(", ") || "none"}`, { color: MUTED });

  w.heading("Totals");
  const cols = [0, 150, 250, 350];
  w.row(["Metric", "This period", "Period before", "Change"], cols, { bold: true });
  for (const [metric, value] of Object.entries(report.totals)) {
    const change = report.change[metric as keyof Report["change"]];
    const before = report.previous_totals[metric as keyof Report["totals"]];
    w.row(
      [metric.replace("_", " "), String(value), String(before), `${signed(change.value)} (${percent(change.percent)})`],
      cols,
    );
  }

  w.heading("Engagement per day");
  w.bars(engagementPerDay(report));

  w.heading("Follower growth");
  for (const f of report.followers) {
    const change = f.points.length
      ? `${f.start} to ${f.end}: ${signed(f.change)} (${percent(f.change_percent)})`
      : "no counts";
    w.line(`${f.name} (${f.platform}): ${change}`);
    if (f.points.length) w.lineChart(f.points.map((p) => p.followers));
  }

  w.heading("Posts, most engagement first");
  const postCols = [0, 70, 130, 190, 250];
  w.row(["Engagement", "Views", "Published", "Platforms", "Text"], postCols, { bold: true });
  for (const p of report.posts.slice(0, POST_ROWS)) {
    w.row([String(p.engagement), String(p.views), day(p.published_at), p.platforms.join(", "), p.text], postCols);
  }
  if (report.posts.length > POST_ROWS)
    w.line(`... and ${report.posts.length - POST_ROWS} more (in the CSV)`, { color: MUTED });

  w.heading("Link clicks");
  const linkCols = [0, 50, 100, 170];
  w.row(["Clicks", "Bots", "Platform", "Link"], linkCols, { bold: true });
  for (const l of report.links.slice(0, LINK_ROWS))
    w.row([String(l.clicks), String(l.bots), l.platform, l.url], linkCols);
  if (report.links.length === 0) w.line("No clicks in the period.", { color: MUTED });

  w.heading("Best times to post");
  for (const b of report.best_times) {
    const cells = b.cells
      .slice(0, 3)
      .map((c) => `${WEEKDAYS[c.weekday]} ${String(c.hour).padStart(2, "0")}:00 (score ${c.score})`);
    w.line(
      `${b.name} (${b.platform}): ${b.basis === "insufficient" ? b.message : `${cells.join(", ")} - ${b.zone}, basis ${b.basis}`}`,
    );
  }
  return doc.save();
}
