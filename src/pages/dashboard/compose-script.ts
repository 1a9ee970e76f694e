/**
 * The new-post form's script (served at `COMPOSE_SCRIPT_PATH`): a live count of each chosen account's characters
 * against its limit (the post's text, each thread segment's, the first comment's), a new media row once the last one
 * is filled (a URL, a library pick or a file), and "Add to thread" / "Remove segment" done in the page. The form works
 * without it (those buttons then submit and the server answers the form changed); the server checks everything on submit. It counts as `countText` does (src/services/posts/content.ts), from what the page
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
  // One line per chosen account: its count against its limit, or why this text does not go to it (words instead).
  const line = (box, n, limit, words) => {
    const item = document.createElement("li");
    item.dataset.account = box.id;
    item.className = !words && n > limit ? "over" : "";
    item.textContent = box.dataset.label + ": " + (words || n + " / " + limit + (n > limit ? " (" + (n - limit) + " too many)" : ""));
    return item;
  };
  const fill = (target, chosen, lineOf) => {
    target.hidden = chosen.length === 0;
    target.replaceChildren(...chosen.map(lineOf));
  };
  const segmentLine = (text) => (box) => {
    if (!box.dataset.chains) return line(box, 0, 0, "takes no thread");
    // A platform with its own text posts no shared thread.
    if (ownText(box.dataset.platform) !== shared.value) return line(box, 0, 0, "has its own text, without this thread");
    return line(box, count(text, box), Number(box.dataset.limit));
  };
  const commentLine = (text) => (box) =>
    box.dataset.commentLimit ? line(box, count(text, box), Number(box.dataset.commentLimit)) : line(box, 0, 0, "takes no first comment");
  const comment = form.elements.namedItem("first_comment");
  const commentCounts = document.getElementById("first-comment-counts");
  const update = () => {
    const chosen = [...form.querySelectorAll('input[name="account"]:checked')];
    panel.hidden = chosen.length === 0;
    list.replaceChildren(...chosen.map((box) => line(box, count(ownText(box.dataset.platform), box), Number(box.dataset.limit))));
    for (const segment of form.querySelectorAll("#segments .segment")) {
      fill(segment.querySelector(".counts"), chosen, segmentLine(segment.querySelector("[data-segment-text]").value));
    }
    if (comment && commentCounts) fill(commentCounts, comment.value ? chosen : [], commentLine(comment.value));
  };
  // Renames a copied block's fields: \`pattern\` (with the number as its last group) gets \`n\`.
  const renumber = (block, pattern, n) => {
    for (const el of [block, ...block.querySelectorAll("[name], [id], [for], [aria-describedby], [value]")]) {
      for (const attr of ["name", "id", "for", "aria-describedby", "value"]) {
        const value = el.getAttribute(attr);
        if (value && (attr !== "value" || el.tagName === "BUTTON")) el.setAttribute(attr, value.replace(pattern, "$1" + n));
      }
    }
  };
  const addRowWhenLastFilled = (event) => {
    const media = event.target.closest && event.target.closest("[data-media-rows]");
    if (!media) return;
    const rows = [...media.querySelectorAll(".media-row")].filter((row) => row.closest("[data-media-rows]") === media);
    const last = rows[rows.length - 1];
    const fills = /[.](url|media_id|file)$/.test(event.target.name || "");
    if (!last || !last.contains(event.target) || !fills || !event.target.value) return;
    const next = last.cloneNode(true);
    const i = rows.length;
    next.dataset.row = String(i);
    next.querySelector("legend").textContent = "Item " + (i + 1);
    renumber(next, /((?:^|[.-])media[.-])\\d+/, i);
    for (const el of next.querySelectorAll("[name], [id], [for]")) {
      if (el.name && el.name.endsWith(".media_id")) el.selectedIndex = 0;
      else if ("value" in el && el.tagName !== "SELECT") el.value = "";
      el.removeAttribute("aria-invalid");
      el.removeAttribute("aria-describedby");
    }
    for (const note of next.querySelectorAll(".field-error")) note.remove();
    last.after(next);
  };
  const segments = document.getElementById("segments");
  const template = document.getElementById("segment-template");
  const numberSegments = () => {
    [...segments.children].forEach((segment, i) => {
      segment.dataset.segment = String(i);
      renumber(segment, /^((?:error-)?thread[.-]|remove_segment[.])\\d+/, i);
      const name = "segment " + (i + 1);
      segment.querySelector("legend").textContent = "Segment " + (i + 1);
      segment.querySelector("label").textContent = "Text of " + name;
      segment.querySelector(".counts").setAttribute("aria-label", "Length of " + name);
      segment.querySelector(".remove-segment").textContent = "Remove " + name;
    });
  };
  const editThread = (event) => {
    const button = event.target.closest && event.target.closest("button[name=intent]");
    if (!button || !segments || !template) return;
    if (button.value === "add_segment") {
      event.preventDefault();
      segments.append(template.content.cloneNode(true));
      numberSegments();
      segments.lastElementChild.querySelector("textarea").focus();
    } else if (button.value.startsWith("remove_segment.")) {
      event.preventDefault();
      button.closest(".segment").remove();
      numberSegments();
      document.getElementById("add-segment").focus();
    } else return;
    update();
  };
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  form.addEventListener("input", addRowWhenLastFilled);
  form.addEventListener("click", editThread);
  update();
})();
`;
