/**
 * A flow's steps and connections drawn on the server as SVG: rows from the trigger down (each step on the row after
 * the first step that leads to it), connections as arrows with their button or branch, and a step with problems
 * outlined in red with its count written on it. The page lists the same steps as text beside it.
 */
import { html } from "./html";

export interface DiagramStep {
  id: string;
  type: string;
  name: string;
  summary: string;
}

export interface DiagramEdge {
  from: string;
  to: string;
  handle: string | null;
}

const BOX = { width: 200, height: 64 };
const GAP = { x: 28, y: 60 };
const MARGIN = 16;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Each step's row: breadth first from the steps nothing leads to (the trigger), so a connection back up (a loop)
 * does not push a step down. Steps no connection reaches go on a row of their own at the end.
 */
function rowsOf(steps: DiagramStep[], edges: DiagramEdge[]): DiagramStep[][] {
  const ids = new Set(steps.map((s) => s.id));
  const led = new Set(edges.filter((e) => ids.has(e.from)).map((e) => e.to));
  const starts = steps.filter((s) => s.type === "trigger" || !led.has(s.id));
  const row = new Map<string, number>();
  const queue = (starts.length > 0 ? starts : steps.slice(0, 1)).map((s) => s.id);
  for (const id of queue) row.set(id, 0);
  while (queue.length > 0) {
    const id = queue.shift()!;
    for (const edge of edges.filter((e) => e.from === id && ids.has(e.to) && !row.has(e.to))) {
      row.set(edge.to, row.get(id)! + 1);
      queue.push(edge.to);
    }
  }
  const last = Math.max(-1, ...row.values()) + 1;
  const rows = Array.from({ length: last + 1 }, (_, r) => steps.filter((s) => (row.get(s.id) ?? last) === r));
  return rows.filter((r) => r.length > 0);
}

/** The diagram, an image named `title`; `problemsOf` counts each step's problems (those steps are outlined). */
export function flowDiagram(options: {
  id: string;
  title: string;
  steps: DiagramStep[];
  edges: DiagramEdge[];
  problemsOf: (stepId: string) => string[];
}) {
  const rows = rowsOf(options.steps, options.edges);
  const widest = Math.max(1, ...rows.map((r) => r.length));
  const width = MARGIN * 2 + widest * BOX.width + (widest - 1) * GAP.x;
  const height = MARGIN * 2 + rows.length * BOX.height + Math.max(0, rows.length - 1) * GAP.y;
  const at = new Map<string, { x: number; y: number }>();
  rows.forEach((row, r) => {
    const rowWidth = row.length * BOX.width + (row.length - 1) * GAP.x;
    row.forEach((step, i) => {
      at.set(step.id, {
        x: (width - rowWidth) / 2 + i * (BOX.width + GAP.x),
        y: MARGIN + r * (BOX.height + GAP.y),
      });
    });
  });
  const arrows = options.edges.flatMap((edge) => {
    const from = at.get(edge.from);
    const to = at.get(edge.to);
    if (!from || !to) return [];
    const [x1, y1] = [from.x + BOX.width / 2, from.y + BOX.height];
    const [x2, y2] = [to.x + BOX.width / 2, to.y];
    // Down to a later row: a gentle S; back up (a loop): out to the side and round.
    const bend = y2 > y1 ? (y2 - y1) / 2 : BOX.height + GAP.y;
    const side = y2 > y1 ? 0 : BOX.width / 2 + GAP.x / 2;
    const path = `M${x1},${y1} C${x1 + side},${y1 + bend} ${x2 + side},${y2 - bend} ${x2},${y2 - 2}`;
    const label =
      edge.handle &&
      html`<text x="${(x1 + x2) / 2 + side + 4}" y="${(y1 + y2) / 2}" class="handle">${clip(edge.handle, 18)}</text>`;
    return [html`<g class="edge"><path d="${path}" marker-end="url(#${options.id}-arrow)"/>${label}</g>`];
  });
  const boxes = options.steps.flatMap((step) => {
    const p = at.get(step.id);
    if (!p) return [];
    const problems = options.problemsOf(step.id);
    const flagged = problems.length > 0;
    return [
      html`<g class="step${flagged && " problem"}" data-step="${step.id}"${flagged && html` data-problems="${problems.join(" ")}"`}><title>${step.name} (${step.type}): ${step.summary}${flagged && ` · problems: ${problems.join(", ")}`}</title>
        <rect x="${p.x}" y="${p.y}" width="${BOX.width}" height="${BOX.height}" rx="8"/>
        <text x="${p.x + 10}" y="${p.y + 22}" class="name">${clip(step.name, 22)}</text>
        <text x="${p.x + 10}" y="${p.y + 42}">${clip(step.type, 12)}${step.summary && ` · ${clip(step.summary, 16)}`}</text>
        ${flagged && html`<text x="${p.x + 10}" y="${p.y + 58}" class="flag">⚠ ${problems.length === 1 ? "1 problem" : `${problems.length} problems`}</text>`}</g>`,
    ];
  });
  const description = `${options.steps.length} steps and ${options.edges.length} connections; ${
    options.steps.filter((s) => options.problemsOf(s.id).length > 0).length
  } steps with problems. The list of steps below says the same in words.`;
  return html`<svg class="diagram" id="${options.id}" viewBox="0 0 ${width} ${height}" style="max-width:${width}px" role="img" aria-labelledby="${options.id}-title ${options.id}-desc">
    <title id="${options.id}-title">${options.title}</title><desc id="${options.id}-desc">${description}</desc>
    <defs><marker id="${options.id}-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker></defs>
    ${arrows}${boxes}</svg>`;
}
