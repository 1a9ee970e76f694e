// Safe HTML: the `html` tag that escapes every interpolated value (the page around it is shell.ts's).
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
