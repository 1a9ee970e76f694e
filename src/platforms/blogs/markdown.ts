// An article's Markdown body as HTML (WordPress) or Tumblr's NPF blocks.
import { marked, type Token, type Tokens } from "marked";

/**
 * An article body is Markdown (SPEC). Platforms that take Markdown get it as is (DEV, Hashnode, Lemmy,
 * Listmonk); WordPress takes HTML and Tumblr takes NPF blocks, both made here from marked's reading of it.
 * marked runs in workerd (no eval, no Node APIs) and does not sanitize: raw HTML in the body passes through,
 * as it would if the user pasted it into the platform's own editor.
 */

/** Markdown (GitHub flavoured) as HTML. */
export function markdownToHtml(markdown: string): string {
  return marked.parse(markdown, { async: false, gfm: true });
}

/** One NPF inline format range (code points, end exclusive). */
export interface NpfFormat {
  start: number;
  end: number;
  type: "bold" | "italic" | "strikethrough" | "link";
  url?: string;
}

export interface NpfTextBlock {
  type: "text";
  text: string;
  subtype?: "heading1" | "heading2" | "quote" | "indented" | "ordered-list-item" | "unordered-list-item" | "chat";
  formatting?: NpfFormat[];
}

/** NPF's limit for one text block, in code points. */
export const NPF_TEXT_BLOCK_LIMIT = 4096;

const length = (text: string) => [...text].length;

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/** Inline tokens as plain text with their formatting ranges. */
function inline(tokens: Token[] | undefined, into: { text: string; formatting: NpfFormat[] }) {
  for (const token of tokens ?? []) {
    const start = length(into.text);
    const wrap = (type: NpfFormat["type"], children: Token[] | undefined, url?: string) => {
      inline(children, into);
      const end = length(into.text);
      if (end > start) into.formatting.push({ start, end, type, ...(url ? { url } : {}) });
    };
    switch (token.type) {
      case "strong":
        wrap("bold", (token as Tokens.Strong).tokens);
        break;
      case "em":
        wrap("italic", (token as Tokens.Em).tokens);
        break;
      case "del":
        wrap("strikethrough", (token as Tokens.Del).tokens);
        break;
      case "link":
        wrap("link", (token as Tokens.Link).tokens, (token as Tokens.Link).href);
        break;
      case "image": {
        // An image inside the text stays a link to it, named by its alt text.
        const image = token as Tokens.Image;
        into.text += image.text || image.href;
        into.formatting.push({ start, end: length(into.text), type: "link", url: image.href });
        break;
      }
      case "br":
        into.text += "\n";
        break;
      case "text":
        if ((token as Tokens.Text).tokens) inline((token as Tokens.Text).tokens, into);
        else into.text += decode((token as Tokens.Text).text);
        break;
      default:
        into.text += decode("text" in token && typeof token.text === "string" ? token.text : token.raw);
    }
  }
}

function textBlock(tokens: Token[] | undefined, subtype?: NpfTextBlock["subtype"]): NpfTextBlock {
  const into = { text: "", formatting: [] as NpfFormat[] };
  inline(tokens, into);
  return {
    type: "text",
    text: into.text,
    ...(subtype ? { subtype } : {}),
    ...(into.formatting.length > 0 ? { formatting: into.formatting } : {}),
  };
}

/** Markdown as NPF text blocks: headings, paragraphs, lists, quotes and code, with bold, italic, strikethrough and links. */
export function markdownToNpf(markdown: string): NpfTextBlock[] {
  const blocks: NpfTextBlock[] = [];
  const walk = (tokens: Token[], quoted: boolean) => {
    for (const token of tokens) {
      switch (token.type) {
        case "heading": {
          const { depth, tokens: children } = token as Tokens.Heading;
          blocks.push(textBlock(children, depth === 1 ? "heading1" : "heading2"));
          break;
        }
        case "paragraph":
          blocks.push(textBlock((token as Tokens.Paragraph).tokens, quoted ? "indented" : undefined));
          break;
        case "list": {
          const list = token as Tokens.List;
          for (const item of list.items) {
            blocks.push(textBlock(item.tokens, list.ordered ? "ordered-list-item" : "unordered-list-item"));
          }
          break;
        }
        case "blockquote":
          walk((token as Tokens.Blockquote).tokens, true);
          break;
        case "code":
          blocks.push({ type: "text", text: (token as Tokens.Code).text, subtype: "chat" });
          break;
        case "space":
        case "hr":
          break;
        default:
          if (token.raw.trim() !== "") blocks.push({ type: "text", text: token.raw.trim() });
      }
    }
  };
  walk(marked.lexer(markdown, { gfm: true }), false);
  return blocks.flatMap(splitLong);
}

/** Plain text as NPF text blocks: one per paragraph (blank lines apart), none longer than NPF allows. */
export function plainTextToNpf(text: string): NpfTextBlock[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "")
    .flatMap((paragraph) => splitLong({ type: "text", text: paragraph }));
}

/** A block over NPF's limit becomes several; formatting ranges are kept on the pieces they fall in. */
function splitLong(block: NpfTextBlock): NpfTextBlock[] {
  const points = [...block.text];
  if (points.length <= NPF_TEXT_BLOCK_LIMIT) return [block];
  const pieces: NpfTextBlock[] = [];
  for (let at = 0; at < points.length; at += NPF_TEXT_BLOCK_LIMIT) {
    const end = Math.min(points.length, at + NPF_TEXT_BLOCK_LIMIT);
    const formatting = (block.formatting ?? [])
      .filter((f) => f.start < end && f.end > at)
      .map((f) => ({ ...f, start: Math.max(f.start, at) - at, end: Math.min(f.end, end) - at }));
    pieces.push({
      ...block,
      text: points.slice(at, end).join(""),
      ...(formatting.length > 0 ? { formatting } : { formatting: undefined }),
    });
  }
  return pieces.map(({ formatting, ...rest }) => (formatting ? { ...rest, formatting } : rest));
}
