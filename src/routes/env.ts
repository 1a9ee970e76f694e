import type { apiKeyLookup, Principal } from "../services/auth";
import type { Runtime } from "../services/runtime";

/** The Hono environment of every route: the Worker's bindings, the runtime and, once authenticated, who calls. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    rt: Runtime;
    principal: Principal;
    /** The `X-API-Key` lookup, when it was read alongside the sandbox runtime. */
    apiKeyLookup?: { hash: string; rows: Awaited<ReturnType<typeof apiKeyLookup>> };
  };
}
