/**
 * One chat call to Workers AI where outside text is data, never instructions: the system prompt speaks, and the
 * data goes as quoted JSON between `<tag>` and `</tag>` in its own message (a closing tag inside it is escaped).
 * Answers the model's text trimmed ("" when it gave none); a failed call throws.
 */
export async function askAboutQuotedData(
  ai: Pick<Ai, "run">,
  model: string,
  request: { system: string; tag: string; data: unknown },
): Promise<string> {
  const { system, tag, data } = request;
  const quoted = JSON.stringify(data).replaceAll(`</${tag}>`, `<\\/${tag}>`);
  const messages = [
    { role: "system", content: system },
    { role: "user", content: `<${tag}>\n${quoted}\n</${tag}>` },
  ];
  const answer = (await (ai.run as (m: string, i: unknown) => Promise<unknown>)(model, { messages })) as {
    response?: unknown;
  };
  return typeof answer?.response === "string" ? answer.response.trim() : "";
}
