// Node stand-in for the `cloudflare:workers` module, so Node tests can import the app to read its
// OpenAPI document. Nothing here runs: the classes only need to exist to be extended.
export class WorkerEntrypoint {}
export class DurableObject {}
