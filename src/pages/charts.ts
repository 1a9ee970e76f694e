/**
 * Charts drawn on the server as SVG (no script, nothing loaded from elsewhere): a line chart and a horizontal bar
 * chart. Each is an image with a name and a one-line description; the page puts its numbers in a table beside it.
 */
import { type Html, html } from "./html";

/** Colours that keep 3:1 against white (WCAG's contrast for graphics), in the order series take them. */
export const SERIES_COLOURS = ["#4f46e5", "#db2777", "#0f766e", "#b45309", "#2563eb", "#7c3aed"];

const WIDTH = 640;
const PAD = { top: 12, right: 16, bottom: 28, left: 48 };

export const formatNumber = (n: number) => n.toLocaleString("en");

/** A round top for an axis at or above `max` (1, 2 or 5 times a power of ten). */
function niceTop(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 5, 10].map((m) => m * power).find((top) => top >= max) ?? 10 * power) as number;
}

export interface LineSeries {
  label: string;
  /** Points in x order. */
  points: { x: number; y: number; label: string }[];
}

export interface LineChartOptions {
  id: string;
  title: string;
  description: string;
  series: LineSeries[];
  /** The x range drawn, and labels along the x axis at their x. */
  xRange: [number, number];
  xTicks: { x: number; label: string }[];
  height?: number;
}

/** Lines over a shared x axis, each point with its value as a tooltip; a single point is drawn as a dot. */
export function lineChart(options: LineChartOptions): Html {
  const height = options.height ?? 200;
  const top = niceTop(Math.max(0, ...options.series.flatMap((s) => s.points.map((p) => p.y))));
  const [x0, x1] = options.xRange;
  const span = x1 - x0 || 1;
  const sx = (x: number) => PAD.left + ((x - x0) / span) * (WIDTH - PAD.left - PAD.right);
  const sy = (y: number) => height - PAD.bottom - (y / top) * (height - PAD.top - PAD.bottom);
  const grid = [0, top / 2, top].map(
    (y) =>
      html`<line x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${sy(y)}" y2="${sy(y)}" class="grid"/><text x="${PAD.left - 6}" y="${sy(y) + 4}" text-anchor="end">${formatNumber(y)}</text>`,
  );
  const ticks = options.xTicks.map(
    (t, i) =>
      html`<text x="${sx(t.x)}" y="${height - 8}" text-anchor="${i === 0 ? "start" : i === options.xTicks.length - 1 ? "end" : "middle"}">${t.label}</text>`,
  );
  const lines = options.series.map((s, i) => {
    const colour = SERIES_COLOURS[i % SERIES_COLOURS.length];
    const path = s.points.map((p) => `${sx(p.x).toFixed(1)},${sy(p.y).toFixed(1)}`).join(" ");
    const dots = s.points.length <= 45 || s.points.length === 1;
    return html`<g class="series" data-series="${s.label}"><polyline points="${path}" fill="none" stroke="${colour}" stroke-width="2.5" stroke-linejoin="round"/>${
      dots &&
      s.points.map(
        (p) =>
          html`<circle cx="${sx(p.x).toFixed(1)}" cy="${sy(p.y).toFixed(1)}" r="3.5" fill="${colour}"><title>${s.label}: ${formatNumber(p.y)} (${p.label})</title></circle>`,
      )
    }</g>`;
  });
  return html`<svg class="chart" id="${options.id}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="${options.id}-title ${options.id}-desc"><title id="${options.id}-title">${options.title}</title><desc id="${options.id}-desc">${options.description}</desc>${grid}${ticks}${lines}</svg>`;
}

export interface BarRow {
  label: string;
  /** The row's parts, stacked left to right in `parts` order. */
  values: number[];
}

export interface BarChartOptions {
  id: string;
  title: string;
  description: string;
  /** The name of each stacked part (its colour in `SERIES_COLOURS` order). */
  parts: string[];
  rows: BarRow[];
}

/** Horizontal bars, one row each, with its parts stacked and its total at the end. */
export function barChart(options: BarChartOptions): Html {
  const rowHeight = 30;
  const labelWidth = 170;
  const totalWidth = 70;
  const height = options.rows.length * rowHeight + 8;
  const top = Math.max(1, ...options.rows.map((r) => r.values.reduce((a, b) => a + b, 0)));
  const barWidth = WIDTH - labelWidth - totalWidth;
  const rows = options.rows.map((row, i) => {
    const y = i * rowHeight + 4;
    let x = labelWidth;
    const total = row.values.reduce((a, b) => a + b, 0);
    const segments = row.values.map((value, part) => {
      const width = (value / top) * barWidth;
      const segment = html`<rect x="${x.toFixed(1)}" y="${y + 4}" width="${width.toFixed(1)}" height="${rowHeight - 10}" fill="${SERIES_COLOURS[part % SERIES_COLOURS.length]}"><title>${row.label}: ${formatNumber(value)} ${options.parts[part]}</title></rect>`;
      x += width;
      return segment;
    });
    const label = row.label.length > 24 ? `${row.label.slice(0, 23)}…` : row.label;
    return html`<g class="bar" data-row="${row.label}"><text x="${labelWidth - 8}" y="${y + rowHeight / 2 + 3}" text-anchor="end">${label}</text>${segments}<text x="${x + 6}" y="${y + rowHeight / 2 + 3}">${formatNumber(total)}</text></g>`;
  });
  return html`<svg class="chart bars" id="${options.id}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="${options.id}-title ${options.id}-desc"><title id="${options.id}-title">${options.title}</title><desc id="${options.id}-desc">${options.description}</desc>${rows}</svg>`;
}

/** The colour key of a chart's series or parts. */
export const chartLegend = (names: string[]) =>
  html`<ul class="chart-legend">${names.map(
    (name, i) =>
      html`<li><span class="swatch" style="background:${SERIES_COLOURS[i % SERIES_COLOURS.length]}"></span>${name}</li>`,
  )}</ul>`;

export interface HeatMapOptions {
  id: string;
  title: string;
  description: string;
  rows: string[];
  columns: string[];
  /** The cells that have a value; the others are drawn empty. */
  cells: { row: number; column: number; value: number; label: string }[];
}

/** A grid of rows by columns, each cell shaded by its value against the highest, with its label as a tooltip. */
export function heatMap(options: HeatMapOptions): Html {
  const labelWidth = 48;
  const size = (WIDTH - labelWidth - PAD.right) / options.columns.length;
  const height = options.rows.length * size + 20;
  const top = Math.max(0, ...options.cells.map((c) => c.value)) || 1;
  const at = new Map(options.cells.map((c) => [`${c.row} ${c.column}`, c]));
  const grid = options.rows.map((row, r) =>
    options.columns.map((_, col) => {
      const cell = at.get(`${r} ${col}`);
      const x = (labelWidth + col * size).toFixed(1);
      const y = (r * size).toFixed(1);
      const shade = cell ? (0.15 + 0.85 * (cell.value / top)).toFixed(2) : "0";
      return html`<rect x="${x}" y="${y}" width="${(size - 2).toFixed(1)}" height="${(size - 2).toFixed(1)}" class="cell" fill="${SERIES_COLOURS[0]}" fill-opacity="${shade}"${cell && html` data-cell="${row} ${options.columns[col]}"`}>${cell && html`<title>${cell.label}</title>`}</rect>`;
    }),
  );
  const rowLabels = options.rows.map(
    (row, r) =>
      html`<text x="${labelWidth - 6}" y="${(r * size + size / 2 + 4).toFixed(1)}" text-anchor="end">${row}</text>`,
  );
  const columnLabels = options.columns.map((column, col) =>
    col % 3 === 0
      ? html`<text x="${(labelWidth + col * size + size / 2).toFixed(1)}" y="${height - 4}" text-anchor="middle">${column}</text>`
      : null,
  );
  return html`<svg class="chart heat" id="${options.id}" viewBox="0 0 ${WIDTH} ${height.toFixed(0)}" role="img" aria-labelledby="${options.id}-title ${options.id}-desc"><title id="${options.id}-title">${options.title}</title><desc id="${options.id}-desc">${options.description}</desc>${rowLabels}${grid}${columnLabels}</svg>`;
}
