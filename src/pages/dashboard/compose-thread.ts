// The compose form's thread (follow-up segments, each a reply to the one before) and its first comment.
import { PLATFORMS, platformLabel } from "../../platforms/catalog";
import { MAX_THREAD_SEGMENTS } from "../../schemas/posts";
import { html } from "../html";
import type { ComposeView, SegmentFields } from "./compose";
import { idOf, mediaRows, problem, publishing } from "./compose-fields";

/** How the form's buttons name a segment to remove: `remove_segment.<index>`. */
export const REMOVE_SEGMENT = "remove_segment.";
export const ADD_SEGMENT = "add_segment";

const EMPTY_SEGMENT: SegmentFields = { text: "", media: [] };

/**
 * Segment `i` of the thread (`thread.<i>.text`, `thread.<i>.media.<n>.<field>`). Numbered from 1 as the server's
 * refusals number them (0 is the post itself). Its count list is filled by the script, per chosen account.
 */
function segmentField(view: ComposeView, segment: SegmentFields, i: number) {
  const name = `thread.${i}.text`;
  const { attrs, note } = problem(view, name);
  return html`<fieldset class="segment" id="${idOf(`thread.${i}`)}" data-segment="${i}"><legend>Segment ${i + 1}</legend>
    <label for="${idOf(name)}">Text of segment ${i + 1}</label>
    <textarea id="${idOf(name)}" name="${name}" rows="3" data-segment-text${attrs}>${segment.text}</textarea>${note}
    <ul class="small counts" aria-live="polite" aria-label="Length of segment ${i + 1}" hidden></ul>
    <div data-media-rows>${mediaRows(view, `thread.${i}.media`, segment.media)}</div>
    <button type="submit" name="intent" value="${REMOVE_SEGMENT}${i}" class="remove-segment">Remove segment ${i + 1}</button>
  </fieldset>`;
}

const chaining = (view: ComposeView) =>
  publishing(view.accounts)
    .filter((p) => PLATFORMS[p].replyChains)
    .map(platformLabel);

/** The follow-up segments, "Add to thread", and (for the script) an empty segment to copy. */
export function threadField(view: ComposeView) {
  const { attrs, note } = problem(view, "thread");
  const full = view.values.thread.length >= MAX_THREAD_SEGMENTS;
  const on = chaining(view);
  return html`<fieldset id="thread"><legend>Thread</legend>
    <p class="small muted">Each segment goes out as a reply to the one before, after the post above${on.length > 0 && `, on ${on.join(", ")}`}. Up to ${MAX_THREAD_SEGMENTS}; an empty one is left out.</p>${note}
    <div id="segments">${view.values.thread.map((segment, i) => segmentField(view, segment, i))}</div>
    <button type="submit" id="add-segment" name="intent" value="${ADD_SEGMENT}"${full && html` disabled`}${attrs}>Add to thread</button>
    <template id="segment-template">${segmentField({ ...view, errors: undefined }, EMPTY_SEGMENT, 0)}</template>
  </fieldset>`;
}

/** The comment posted under the published post (after the whole thread), with its count per chosen account. */
export function firstCommentField(view: ComposeView) {
  const { attrs, note } = problem(view, "first_comment");
  return html`<label for="first_comment">First comment</label>
    <p class="small muted hint" id="hint-first_comment">Posted under the post once it is out. Empty: none.</p>
    <textarea id="first_comment" name="first_comment" rows="2"${attrs}>${view.values.firstComment}</textarea>${note}
    <ul class="small counts" id="first-comment-counts" aria-live="polite" aria-label="Length of the first comment" hidden></ul>`;
}
