// The Hono environment of every route: the bindings, the runtime, and who calls.
import type { Principal } from "../services/auth/auth";
import type { Session } from "../services/auth/sessions";
import type { IdempotencyContext } from "../services/idempotency";
import type { Runtime } from "../services/runtime";
import type { Form } from "./forms";

/** The Hono environment of every route: the Worker's bindings, the runtime and, once authenticated, who calls. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    /** This request's id (`X-Request-Id`): see `withRequestId`. */
    requestId: string;
    rt: Runtime;
    principal: Principal;
    /** On Herald's pages, a posted form that passed the CSRF check, and the browser's session (null: signed out). */
    form: Form;
    session: Session | null;
    /** The request's Idempotency-Key claim, where it sent one (see `idempotent`). */
    idempotency: IdempotencyContext | undefined;
  };
}
