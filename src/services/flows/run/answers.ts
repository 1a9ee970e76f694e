// Whether an answer to a `collect` step is valid for its field type, and the value kept.
import type { CollectData } from "../../../schemas/flow-steps";

/**
 * Whether an answer to a `collect` step is a valid value of its field type, and the value kept. Lenient where
 * people are (spaces, `mailto:`, a missing `https://`), strict on what the value must be.
 */
export type FieldType = NonNullable<CollectData["field_type"]>;

export interface Checked {
  valid: boolean;
  /** The value kept: normalized when valid, the answer as given otherwise. */
  value: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** E.164 allows at most 15 digits; fewer than 7 is no phone number. */
const PHONE = /^\+?[0-9]{7,15}$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DMY_DATE = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/;

function checkDate(answer: string): string | null {
  const iso = ISO_DATE.exec(answer);
  const dmy = DMY_DATE.exec(answer);
  const [y, m, d] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : dmy
      ? [Number(dmy[3]), Number(dmy[2]), Number(dmy[1])]
      : [Number.NaN, Number.NaN, Number.NaN];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (Number.isNaN(date.getTime()) || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

function checkUrl(answer: string): string | null {
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(answer) ? answer : `https://${answer}`;
  if (!URL.canParse(candidate)) return null;
  const url = new URL(candidate);
  if (!["http:", "https:"].includes(url.protocol) || !url.hostname.includes(".")) return null;
  return url.toString();
}

const CHECKS: Record<FieldType, (answer: string) => string | null> = {
  email: (a) => {
    const email = a.replace(/^mailto:/i, "").toLowerCase();
    return EMAIL.test(email) ? email : null;
  },
  phone: (a) => {
    const phone = a.replace(/[\s().-]/g, "");
    return PHONE.test(phone) ? phone : null;
  },
  number: (a) => {
    const n = Number(a.replace(/\s/g, "").replace(/,(?=\d{1,2}$)/, "."));
    return a.trim() !== "" && Number.isFinite(n) ? String(n) : null;
  },
  url: checkUrl,
  date: checkDate,
  text: (a) => (a.length > 0 ? a : null),
};

export function checkAnswer(fieldType: FieldType, answer: string): Checked {
  const trimmed = answer.trim();
  const value = CHECKS[fieldType](trimmed);
  return value === null ? { valid: false, value: trimmed } : { valid: true, value };
}

/** What a collect step says after an invalid answer when its own prompt is empty. */
export const REASK: Record<FieldType, string> = {
  email: "That doesn't look like an email address. Please send it again (like name@example.com).",
  phone: "That doesn't look like a phone number. Please send it again with the country code.",
  number: "That doesn't look like a number. Please send a number.",
  url: "That doesn't look like a web address. Please send it again (like example.com).",
  date: "That doesn't look like a date. Please send it as YYYY-MM-DD.",
  text: "Please send your answer as text.",
};
