// What a Google Business Profile local post must be, checked when it is scheduled, and its dates as Google takes them.
import type { Rule } from "../content-rules";
import type { GbpDate, GbpTimeOfDay, GbpTopicType } from "./google-business-shapes";

/** An event's start or end in the location's own time: a date, or a date and a time. */
export const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;

/** `2026-12-24` or `2026-12-24T18:30` as Google's date and time of day (no time for a date alone). */
export function localTime(value: string): { date: GbpDate; time?: GbpTimeOfDay } | null {
  const parts = LOCAL_TIME.exec(value);
  if (!parts) return null;
  const [, year, month, day, hours, minutes] = parts.map(Number);
  const date = { year: year!, month: month!, day: day! };
  return Number.isNaN(hours) ? { date } : { date, time: { hours: hours!, minutes: minutes! } };
}

export const topicOf = (options: Record<string, unknown>): GbpTopicType =>
  options.topic_type === "EVENT" || options.topic_type === "OFFER" ? options.topic_type : "STANDARD";

interface EventOption {
  title?: string;
  start?: string;
  end?: string;
}

const topic: Rule = (c) => {
  const kind = topicOf(c.options);
  const event = c.options.event as EventOption | undefined;
  if (kind === "STANDARD" && (event !== undefined || c.options.offer !== undefined)) {
    return { code: "invalid_option", message: "metadata.event and metadata.offer need topic_type EVENT or OFFER" };
  }
  if (kind === "EVENT" && c.options.offer !== undefined) {
    return { code: "invalid_option", message: "metadata.offer needs topic_type OFFER" };
  }
  if (kind !== "STANDARD" && event === undefined) {
    return {
      code: "option_required",
      message: `A Google ${kind.toLowerCase()} post needs metadata.event { title, start, end }`,
    };
  }
  if (event?.start && event.end && event.end.padEnd(16, "T") < event.start.padEnd(16, "T")) {
    return { code: "invalid_option", message: "metadata.event.end is before its start" };
  }
  if (kind === "STANDARD" && c.text.trim() === "") {
    return { code: "text_required", message: "A standard Google post needs text" };
  }
  return null;
};

const callToAction: Rule = (c) => {
  const action = c.options.call_to_action as { action_type?: string; url?: string } | undefined;
  if (!action) return null;
  if (topicOf(c.options) === "OFFER") {
    return {
      code: "invalid_option",
      message: "Google ignores call_to_action on offers: use metadata.offer.redeem_url",
    };
  }
  if (action.action_type === "CALL" && action.url !== undefined) {
    return {
      code: "invalid_option",
      message: "metadata.call_to_action: CALL takes no url (Google calls the location's phone number)",
    };
  }
  if (action.action_type !== "CALL" && action.url === undefined) {
    return { code: "option_required", message: `metadata.call_to_action: ${action.action_type} needs a url` };
  }
  return null;
};

export const googleBusinessProblems: Rule[] = [topic, callToAction];
