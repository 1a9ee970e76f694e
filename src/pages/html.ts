// Safe HTML: the `html` tag that escapes every interpolated value, a whole page, and the headers pages send.
/** Escapes text for HTML element content and attribute values. */
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A value already safe to put in a page (built from escaped parts). */
export class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

/**
 * Tagged template that escapes every interpolated value unless it is already `Html`. Lists are drawn item after
 * item; `true`, `false`, `null` and `undefined` draw nothing (as hono/html's tag does), so a part shown only
 * sometimes is written `${cond && html`…`}`. Numbers are drawn, 0 included: guard a count with `n > 0 &&`.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? "";
  const render = (value: unknown): string => {
    if (value instanceof Html) return value.value;
    if (Array.isArray(value)) return value.map(render).join("");
    if (value === null || value === undefined || typeof value === "boolean") return "";
    return escapeHtml(String(value));
  };
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? "");
  });
  return new Html(out);
}

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; color: #1d1d1f; }
  h1 { font-size: 1.5rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
  label { display: block; margin: .75rem 0 .25rem; } input[type=email], input[type=password], input[type=text] { width: 100%; padding: .5rem; box-sizing: border-box; }
  button { padding: .5rem 1rem; margin: .5rem .5rem 0 0; cursor: pointer; }
  .error { background: #fde8e8; padding: .75rem; border-radius: .25rem; } .note { color: #555; }
  .secret { font-family: monospace; background: #f0f0f0; padding: .5rem; word-break: break-all; }
  table { border-collapse: collapse; width: 100%; } td, th { text-align: left; padding: .35rem; border-bottom: 1px solid #ddd; }
  .warning { background: #fff4d6; padding: .75rem; border-radius: .25rem; }
  .success { background: #e6f4ea; padding: .75rem; border-radius: .25rem; }
`;

/** A whole page: the same head, no framing, no scripts. */
export const page = (title: string, body: Html) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Herald</title><style>${STYLE}</style></head><body>${body}</body></html>`;

/** Headers every page sends: no framing, no caching, nothing loaded from elsewhere. */
export const PAGE_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Frame-Options": "DENY",
  "Content-Security-Policy":
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'",
  "Referrer-Policy": "no-referrer",
};
