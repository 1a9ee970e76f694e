// `defineTool`: the one shape of an agent tool (scopes, input, output, confirmation) and its caller.
import { z } from "@hono/zod-openapi";
import type { ToolAnnotations } from "@modelcontextprotocol/server";
import type { Principal, Scope } from "../services/auth/auth";
import type { Capability } from "../services/plans";
import type { Runtime } from "../services/runtime";

/** Who calls a tool, and the runtime to serve them with. */
export interface Caller {
  rt: Runtime;
  principal: Principal;
}

/** What a confirmed call will do, shown before it is done. */
export const PreviewSchema = z.object({
  summary: z.string().describe("One sentence: exactly what the call will do"),
  details: z.record(z.string(), z.unknown()).describe("The change as it will be written"),
});
export type Preview = z.infer<typeof PreviewSchema>;

interface ToolBase<I extends z.ZodObject, O extends z.ZodObject> {
  /** SPEC.md's name for the tool. */
  name: string;
  title: string;
  description: string;
  /** camelCase inputs, built from the REST schemas' fields. */
  input: I;
  /** What a successful call returns (as `structuredContent`, and as JSON text). */
  output: O;
  /** Scopes needed to see and call the tool, besides `agent:execute`. */
  scopes: readonly Scope[];
  /** Further scopes one call needs, by its input (an action that writes, on a tool that also lists). */
  callScopes?: (input: z.infer<I>) => readonly Scope[];
  /** The plan capability it needs: without it the tool is left out and a call is `feature_disabled`. */
  plan?: Capability;
  /** A gradual rollout flag (`rollouts` in the config): until the user has it, a call is `not_enabled`. */
  rollout?: string;
  /**
   * The service's own check of who may use it now (a rollout decided by the service, such as admins first): it throws
   * the refusal. The tool is left out and a call refused with it, as for `plan` and `rollout`.
   */
  gate?: (caller: Caller) => Promise<void>;
  /** It changes nothing. */
  readOnly: boolean;
  /** Calling it again with the same input changes nothing more. */
  idempotent: boolean;
  /** It reaches a social platform. */
  openWorld: boolean;
  /** The service call: the same function its REST route calls. */
  run: (caller: Caller, input: z.infer<I>) => Promise<z.input<O>>;
}

/**
 * Tools that ask first: `confirm` ones always, `destructive` ones (always, or for the inputs the function
 * picks) also need `agent:destructive`. Both describe the call before making it.
 */
type Confirmation<I> =
  | { confirm?: undefined; destructive?: undefined; preview?: undefined }
  | {
      confirm?: true;
      destructive?: true | ((input: I) => boolean);
      preview: (caller: Caller, input: I) => Promise<Preview>;
    };

export type ToolDeclaration<I extends z.ZodObject, O extends z.ZodObject> = ToolBase<I, O> & Confirmation<z.infer<I>>;

/** The answer of a tool that may ask for confirmation: done, or what it would do, or the person said no. */
const confirmationAnswer = <O extends z.ZodObject>(result: O) =>
  z.object({
    status: z.enum(["done", "confirmation_required", "declined"]),
    message: z.string().optional().describe("What happened, or how to confirm"),
    result: result.optional().describe("With status done: the outcome"),
    preview: PreviewSchema.optional().describe("With confirmation_required: exactly what the call would do"),
  });

const ConfirmInput = z
  .boolean()
  .optional()
  .describe(
    "true to do it. Without it the call changes nothing and answers a preview. Clients that support elicitation are asked instead.",
  );

/** A declared tool, ready to list and call whatever its input and output types. */
export interface Tool {
  name: string;
  title: string;
  description: string;
  scopes: readonly Scope[];
  plan?: Capability;
  rollout?: string;
  gate?: (caller: Caller) => Promise<void>;
  annotations: ToolAnnotations;
  inputSchema: z.ZodObject;
  outputSchema: z.ZodObject;
  /** Whether it may ask for confirmation (then its output is the confirmation answer). */
  confirmable: boolean;
  /** The scopes this call needs beyond the tool's own, and whether it must be confirmed. */
  demands(input: unknown): { scopes: readonly Scope[]; confirm: boolean };
  preview(caller: Caller, input: unknown): Promise<Preview>;
  run(caller: Caller, input: unknown): Promise<unknown>;
}

/** `confirm` asks for the call to be done (`callTool` has read it): it is no input of the tool's own. */
function withoutConfirm<In>(input: unknown): In {
  const { confirm: _, ...given } = input as In & { confirm?: boolean };
  return given as In;
}

export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(decl: ToolDeclaration<I, O>): Tool {
  type In = z.infer<I>;
  const confirmable = decl.preview !== undefined;
  const destructive = (input: In) =>
    typeof decl.destructive === "function" ? decl.destructive(input) : decl.destructive === true;
  return {
    name: decl.name,
    title: decl.title,
    description: decl.description,
    scopes: decl.scopes,
    plan: decl.plan,
    rollout: decl.rollout,
    gate: decl.gate,
    annotations: {
      title: decl.title,
      readOnlyHint: decl.readOnly,
      destructiveHint: decl.destructive !== undefined,
      idempotentHint: decl.idempotent,
      openWorldHint: decl.openWorld,
    },
    inputSchema: confirmable ? decl.input.extend({ confirm: ConfirmInput }) : decl.input,
    outputSchema: confirmable ? confirmationAnswer(decl.output) : decl.output,
    confirmable,
    demands(input) {
      const extra = decl.callScopes?.(input as In) ?? [];
      const isDestructive = destructive(input as In);
      return {
        scopes: isDestructive ? [...extra, "agent:destructive"] : extra,
        confirm: decl.confirm === true || isDestructive,
      };
    },
    async preview(caller, input) {
      if (!decl.preview) throw new Error(`${decl.name} has no preview`);
      return decl.preview(caller, withoutConfirm(input));
    },
    async run(caller, input) {
      const result = decl.output.parse(await decl.run(caller, (confirmable ? withoutConfirm(input) : input) as In));
      return confirmable ? { status: "done", result } : result;
    },
  };
}
