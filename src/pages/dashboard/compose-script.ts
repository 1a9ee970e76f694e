/**
 * The new-post form's script (served at `COMPOSE_SCRIPT_PATH`): a live count of each chosen account's characters
 * against its limit, and a new media row once the last one is filled (a URL, a library pick or a file). The form works without it; the server
 * checks everything on submit. It counts as `countText` does (src/services/posts/content.ts), from what the page
 * says: the server's link pattern and short-link length on the form, each account's limit and rule on its box.
 */
export const COMPOSE_SCRIPT = `(() => {
  const form = document.getElementById("compose");
  if (!form) return;
  const link = new RegExp(form.dataset.linkPattern, "g");
  const shortLink = Number(form.dataset.shortLinkLength);
  const graphemes = typeof Intl.Segmenter === "function" ? new Intl.Segmenter("en", { granularity: "grapheme" }) : null;
  const count = (text, box) => {
    let links = 0;
    const rest = text.replace(link, (url) => {
      links += box.dataset.urlLength ? Number(box.dataset.urlLength) : Math.max([...url].length, shortLink);
      return "";
    });
    const units = box.dataset.graphemes && graphemes ? [...graphemes.segment(rest)].length : [...rest].length;
    return units + links;
  };
  const panel = document.getElementById("counts");
  const list = panel.querySelector("ul");
  const shared = form.elements.namedItem("text");
  const ownText = (platform) => {
    const own = form.querySelector('[data-override-for="' + platform + '"]');
    return own && own.value.trim() ? own.value : shared.value;
  };
  const update = () => {
    const chosen = [...form.querySelectorAll('input[name="account"]:checked')];
    panel.hidden = chosen.length === 0;
    list.replaceChildren(...chosen.map((box) => {
      const n = count(ownText(box.dataset.platform), box);
      const limit = Number(box.dataset.limit);
      const item = document.createElement("li");
      item.dataset.account = box.id;
      item.className = n > limit ? "over" : "";
      item.textContent = box.dataset.label + ": " + n + " / " + limit + (n > limit ? " (" + (n - limit) + " too many)" : "");
      return item;
    }));
  };
  const media = document.getElementById("media");
  const addRowWhenLastFilled = (event) => {
    const rows = media.querySelectorAll(".media-row");
    const last = rows[rows.length - 1];
    const fills = /[.](url|media_id|file)$/.test(event.target.name || "");
    if (!last || !last.contains(event.target) || !fills || !event.target.value) return;
    const next = last.cloneNode(true);
    const i = rows.length;
    next.dataset.row = String(i);
    next.querySelector("legend").textContent = "Item " + (i + 1);
    for (const el of next.querySelectorAll("[name], [id], [for]")) {
      for (const attr of ["name", "id", "for"]) {
        const value = el.getAttribute(attr);
        if (value) el.setAttribute(attr, value.replace(/^(media[.-])\\d+/, "$1" + i));
      }
      if (el.name && el.name.endsWith(".media_id")) el.selectedIndex = 0;
      else if ("value" in el && el.tagName !== "SELECT") el.value = "";
      el.removeAttribute("aria-invalid");
      el.removeAttribute("aria-describedby");
    }
    for (const note of next.querySelectorAll(".field-error")) note.remove();
    last.after(next);
  };
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  if (media) media.addEventListener("input", addRowWhenLastFilled);
  update();
})();
`;
