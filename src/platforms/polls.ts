// Native polls: which platforms take one, and each one's limits, checked when the post is scheduled.
import type { PlatformKey } from "./catalog";

/** A platform's poll, from its own reference page. */
interface PollRules {
  source: string;
  maxOptions: number;
  optionMax: number;
  minMinutes: number;
  maxMinutes: number;
  /** Discord polls last whole hours. */
  wholeHours?: true;
  /** The post's text is the poll's question (Telegram, Discord): it must be there, up to this length. */
  questionMax?: number;
}

const POLL_RULES: Partial<Record<PlatformKey, PollRules>> = {
  twitter: {
    source: "https://docs.x.com/x-api/posts/create-post",
    maxOptions: 4,
    optionMax: 25,
    minMinutes: 5,
    maxMinutes: 10_080,
  },
  // A server's own limits may be wider; these are Mastodon's defaults.
  mastodon: {
    source: "https://docs.joinmastodon.org/methods/statuses/#create",
    maxOptions: 4,
    optionMax: 50,
    minMinutes: 5,
    maxMinutes: 43_829,
  },
  telegram: {
    source: "https://core.telegram.org/bots/api#sendpoll",
    maxOptions: 12,
    optionMax: 100,
    minMinutes: 1,
    // `open_period` is 5–600 seconds.
    maxMinutes: 10,
    questionMax: 300,
  },
  discord: {
    source: "https://discord.com/developers/docs/resources/poll",
    maxOptions: 10,
    optionMax: 55,
    minMinutes: 60,
    maxMinutes: 768 * 60,
    wholeHours: true,
    questionMax: 300,
  },
};

export interface PollProblem {
  code: "poll_not_supported" | "invalid_poll";
  message: string;
}

/** What the platform refuses of the post's poll: all of it where it has none, else the limits it breaks. */
export function pollProblems(
  platform: PlatformKey,
  poll: { options: string[]; duration_minutes: number },
  content: { text: string; mediaCount: number },
): PollProblem[] {
  const rules = POLL_RULES[platform];
  if (!rules)
    return [{ code: "poll_not_supported", message: `${platform} has no polls: remove the poll or the target` }];
  const problems: string[] = [];
  if (poll.options.length > rules.maxOptions) problems.push(`at most ${rules.maxOptions} options`);
  const long = poll.options.find((option) => [...option].length > rules.optionMax);
  if (long !== undefined) problems.push(`options up to ${rules.optionMax} characters ("${long}" is longer)`);
  const minutes = poll.duration_minutes;
  if (minutes < rules.minMinutes || minutes > rules.maxMinutes) {
    problems.push(`a duration of ${rules.minMinutes}–${rules.maxMinutes} minutes`);
  } else if (rules.wholeHours && minutes % 60 !== 0) problems.push("a duration in whole hours (a multiple of 60)");
  if (content.mediaCount > 0) problems.push("no media beside the poll");
  if (rules.questionMax !== undefined) {
    const length = [...content.text.trim()].length;
    if (length === 0 || length > rules.questionMax)
      problems.push(`the text as its question, 1–${rules.questionMax} characters`);
  }
  return problems.map((problem) => ({ code: "invalid_poll", message: `A ${platform} poll takes ${problem}` }));
}
