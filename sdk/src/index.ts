export { Herald } from "./client.ts";
export { HeraldError } from "./errors.ts";
export type { CallOptions, Credentials, HeraldOptions, RetryOptions } from "./http.ts";
export type { components, paths } from "./openapi.ts";
export type { Answer, ApiPath, Body, Data, Query, Schema } from "./types.ts";
export {
  type RequestHeaders,
  type VerifyOptions,
  verifyWebhook,
  type WebhookEvent,
  WebhookSignatureError,
} from "./verify.ts";
