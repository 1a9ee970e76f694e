// The scopes an OAuth grant carries, read-only or not, as the consent page granted them.
import { isWriteScope } from "../services/auth/auth";

/**
 * The scopes a grant carries. With "Read-only access" ticked, only the requested `*:read` scopes plus
 * `agent:execute` remain: every `*:write` scope and `agent:destructive` is dropped.
 */
export function grantedScopes(requested: string[], readOnly: boolean): string[] {
  if (!readOnly) return requested;
  const reads = requested.filter((s) => !isWriteScope(s) && s.endsWith(":read"));
  return [...new Set([...reads, "agent:execute"])];
}
