// The output filter of `ai_reply`: no contact details the owner did not give, never the instructions.
import { fold } from "./match";

/**
 * What an `ai_reply` may say, whoever wrote it (the model, or the local stand-in quoting the person): no way to reach
 * anyone or anywhere (links with or without a scheme, bare domains, @handles, e-mail addresses, phone numbers) that
 * the owner's instructions do not hold, and never the instructions themselves, verbatim or nearly (a long run of
 * their words, case, accents and punctuation aside). The person's message can ask for anything; only this decides.
 */

/**
 * A run of the instructions' words this long (or half of them, when they have at least 8) is a repeat: long enough to
 * let a reply give a fact in the owner's words, short enough to stop a sentence of them being read out.
 */
const REPEAT_RUN_WORDS = 12;
const REPEAT_MIN_WORDS = 8;

/** Top-level domains a spelled-out " dot " may lead to: the common ones, leaving out everyday English words. */
const TLD_WORDS =
  "com|net|org|io|co|me|app|ly|xyz|info|biz|dev|ai|gg|to|us|uk|de|es|fr|shop|store|online|site|tech|club|live|link|page|blog|news|top|icu|vip|click|ru|cn|br|jp|nl|pl|au|ca|eu|tv|cc|ws|sh|fm|gov|edu";

/** A non-ASCII decimal digit as its ASCII digit: digits come in runs of ten from 0, so its place in its run. */
function asciiDigit(digit: string): string {
  const code = digit.codePointAt(0)!;
  let start = code;
  while (/\p{Nd}/u.test(String.fromCodePoint(start - 1))) start--;
  return String((code - start) % 10);
}

/**
 * The text as compared, its usual disguises undone: full-width letters and other compatibility forms (NFKC),
 * invisible format characters (zero-width spaces, U+2063, U+180E, soft hyphens), combining marks (an accent or the
 * combining grapheme joiner inside a word), ideographic full stops, digits of any script (as ASCII), dashes of any
 * kind (as `-`), letters spaced out one by one, "[.]", "(dot)", " . ", " dot shop", "[at]", "@ name", and `l`, `I`,
 * `O` written for a digit beside digits.
 */
function unmasked(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/\p{Cf}/gu, "")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[\u3002\ufe12]/g, ".")
    .replace(/[^\P{Nd}0-9]/gu, asciiDigit)
    .replace(/\p{Pd}/gu, "-")
    .replace(/(?<!\S)(?:[\p{L}\p{N}.@]\s+){3,}[\p{L}\p{N}.@](?!\S)/gu, (spaced) => spaced.replace(/\s+/g, ""))
    .replace(/\s*[[({<]\s*(?:\.|dot)\s*[\])}>]\s*/gi, ".")
    .replace(/(?<=[\p{L}\p{N}])\s+\.\s+(?=[\p{L}\p{N}])/gu, ".")
    .replace(new RegExp(`\\s+dot\\s+(?=(?:${TLD_WORDS})\\b)`, "gi"), ".")
    .replace(/\s*[[({<]\s*(?:@|at)\s*[\])}>]\s*/gi, "@")
    .replace(/@\s+(?=[\p{L}\p{N}_])/gu, "@")
    .replace(/[lI|oO](?=\d)|(?<=\d)[lI|oO]/g, (c) => (c === "o" || c === "O" ? "0" : "1"));
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
const SCHEME_URL = /\b[a-z][a-z0-9+.-]*:\/\/[^\s<>"'`]+/gi;
const DOMAIN = /(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,24}\b(?::\d{1,5})?(?:\/[^\s<>"'`]*)?/gu;
/** An address by IPv4 (a host no owner hands customers): taken as a link. */
const IPV4 = /(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?!\d)(?::\d{1,5})?(?:\/[^\s<>"'`]*)?/g;
const HANDLE = /(?<![\p{L}\p{N}_.])@[\p{L}\p{N}_](?:[\p{L}\p{N}_.]{0,29})/gu;
const PHONE = /(?<![\p{L}\p{N}])\+?\(?\d[\d\s().\-/_\u00b7\u2022\u2027\u30fb]{5,}\d(?![\p{L}\p{N}])/gu;
const DATE = /^\d{4}-\d{2}-\d{2}$|^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/;

/** A link as compared: lower case, no scheme, no `www.`, no trailing punctuation or slash. */
const linkKey = (raw: string) =>
  raw
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, "")
    .replace(/^www\./, "")
    .replace(/[.,;:!?)\]}'"]+$/, "")
    .replace(/\/+$/, "");

interface Details {
  links: string[];
  emails: string[];
  handles: string[];
  phones: string[];
}

/** Every way to reach someone or somewhere in `text`, each taken out before looking for the next kind. */
export function contactDetails(text: string): Details {
  let rest = unmasked(text);
  const take = (pattern: RegExp) => {
    const found = rest.match(pattern) ?? [];
    rest = rest.replace(pattern, " ");
    return found;
  };
  const emails = take(EMAIL).map((e) => e.toLowerCase());
  const links = [...take(SCHEME_URL), ...take(DOMAIN), ...take(IPV4)].map(linkKey).filter(Boolean);
  const handles = take(HANDLE).map((h) => h.toLowerCase().replace(/\.+$/, ""));
  const phones = take(PHONE)
    .filter((p) => !DATE.test(p.trim()))
    .map((p) => p.replace(/\D/g, ""))
    .filter((digits) => digits.length >= 7 && digits.length <= 15);
  return { emails, links, handles, phones };
}

const hostOf = (link: string) => link.split(/[/:?#]/)[0]!;

/** A link the owner gave: the same one, or the same host with no path of its own. */
const linkAllowed = (link: string, given: string[]) =>
  given.includes(link) || (link === hostOf(link) && given.some((g) => hostOf(g) === link));
/** A number the owner gave, with or without its country code. */
const phoneAllowed = (phone: string, given: string[]) =>
  given.some((g) => g === phone || g.endsWith(phone) || phone.endsWith(g));

const words = (text: string) =>
  fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** The longest run of consecutive words `a` and `b` share. */
function longestSharedRun(a: string[], b: string[]): number {
  let best = 0;
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const word of a) {
    const current = new Array<number>(b.length + 1).fill(0);
    for (let j = 0; j < b.length; j++) {
      if (word === b[j]) {
        current[j + 1] = previous[j]! + 1;
        best = Math.max(best, current[j + 1]!);
      }
    }
    previous = current;
  }
  return best;
}

/** Why `reply` may not be sent for these instructions, or null when it may. */
export function replyRefusal(reply: string, instructions: string): string | null {
  const said = contactDetails(reply);
  const given = contactDetails(instructions);
  const link = said.links.find((l) => !linkAllowed(l, given.links));
  if (link) return `a link the instructions do not give (${link})`;
  const email = said.emails.find((e) => !given.emails.includes(e));
  if (email) return "an e-mail address the instructions do not give";
  const handle = said.handles.find((h) => !given.handles.includes(h));
  if (handle) return `a handle the instructions do not give (${handle})`;
  if (said.phones.some((p) => !phoneAllowed(p, given.phones))) return "a phone number the instructions do not give";
  const theirs = words(instructions);
  const run = longestSharedRun(words(reply), theirs);
  const half = theirs.length >= REPEAT_MIN_WORDS ? Math.ceil(theirs.length / 2) : Number.POSITIVE_INFINITY;
  if (run >= Math.min(REPEAT_RUN_WORDS, half)) return `it repeats ${run} words of the instructions in a row`;
  return null;
}
