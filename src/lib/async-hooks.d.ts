// The one Node API the Worker uses (through nodejs_compat), typed here so the Worker's own types stay free of
// Node's globals. Node-side type checks see @types/node's declaration instead.
declare module "node:async_hooks" {
  export class AsyncLocalStorage<T> {
    run<R>(store: T, callback: () => R): R;
    getStore(): T | undefined;
  }
}
