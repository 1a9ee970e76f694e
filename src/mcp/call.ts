// Calling an agent tool: confirmation first (elicitation or `confirm: true`), then its typed result.
import { z } from "@hono/zod-openapi";
import {
  type CallToolResult,
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  type InputRequiredResult,
  inputRequired,
  inputResponse,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { scopeRefusal, unavailability } from "./access";
import type { Caller, Tool } from "./define";
import { toolRefusal } from "./errors";
import { toolInputFailure } from "./input";

const CONFIRM_KEY = "confirm";
const ConfirmAnswer = z.object({ confirm: z.boolean().describe("Yes, do it") });

/** A result an agent reads twice: typed in `structuredContent`, and the same JSON as text. */
const answer = (value: unknown, isError = false): CallToolResult => ({
  content: [{ type: "text", text: JSON.stringify(value) }],
  structuredContent: value as Record<string, unknown>,
  ...(isError ? { isError: true } : {}),
});

export const refusalResult = (error: unknown) => answer(toolRefusal(error), true);

/**
 * Whether the client can show the person a form mid-call. Only requests of the 2026-07-28 revision carry
 * their client's capabilities; a 2025-era request to this stateless server carries none, so it confirms
 * with `confirm: true` instead.
 */
function canElicit(ctx: ServerContext): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const elicitation = (envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined)?.elicitation;
  if (!elicitation) return false;
  // An empty elicitation capability means form mode (the spec's default).
  return Object.keys(elicitation).length === 0 || "form" in elicitation;
}

/**
 * Asks before a call that needs confirmation. With elicitation the person is asked (accept with `confirm:
 * true` runs it; anything else changes nothing); without, only `confirm: true` in the input runs it, and
 * a call without it answers a preview. Undefined means: go ahead.
 */
async function confirmation(
  tool: Tool,
  caller: Caller,
  input: Record<string, unknown>,
  ctx: ServerContext,
): Promise<CallToolResult | InputRequiredResult | undefined> {
  if (canElicit(ctx)) {
    const response = inputResponse(ctx.mcpReq.inputResponses, CONFIRM_KEY);
    if (response.kind === "elicit") {
      const accepted = response.action === "accept" && ConfirmAnswer.safeParse(response.content).data?.confirm;
      if (accepted) return undefined;
      return answer({ status: "declined", message: "Not confirmed: nothing was changed" });
    }
    const preview = await tool.preview(caller, input);
    return inputRequired({
      inputRequests: {
        [CONFIRM_KEY]: inputRequired.elicit({ message: preview.summary, requestedSchema: ConfirmAnswer }),
      },
    });
  }
  if (input.confirm === true) return undefined;
  return answer({
    status: "confirmation_required",
    message: `Nothing was changed. Show the person this preview; if they agree, call ${tool.name} again with the same input and confirm: true.`,
    preview: await tool.preview(caller, input),
  });
}

/**
 * One tool call: is the tool this caller's (scopes, plan, rollout), is the input valid, does this call need
 * more scopes or a confirmation, then the service call. Every refusal is a tool result with `isError` and
 * `{ code, message, suggestion? }`, made before anything runs.
 */
export async function callTool(
  tool: Tool,
  caller: Caller,
  args: unknown,
  ctx: ServerContext,
): Promise<CallToolResult | InputRequiredResult> {
  try {
    const refusal = await unavailability(tool, caller);
    if (refusal) return refusalResult(refusal);
    const parsed = tool.inputSchema.safeParse(args ?? {});
    if (!parsed.success) return refusalResult(toolInputFailure(parsed.error.issues));
    const input = parsed.data as Record<string, unknown>;
    const demands = tool.demands(input);
    const missing = scopeRefusal(caller.principal, demands.scopes);
    if (missing) return refusalResult(missing);
    if (demands.confirm) {
      const asked = await confirmation(tool, caller, input, ctx);
      if (asked) return asked;
    }
    return answer(await tool.run(caller, input));
  } catch (error) {
    return refusalResult(error);
  }
}
