// Request and answer types, read off the generated OpenAPI types (openapi.d.ts) by path and method.
import type { components, paths } from "./openapi.ts";

export type Method = "get" | "post" | "patch" | "put" | "delete";

export type ApiPath = keyof paths;

/** A named schema of the API, e.g. `Schema<"Post">`. */
export type Schema<Name extends keyof components["schemas"]> = components["schemas"][Name];

type Operation<P extends ApiPath, M extends Method> = P extends keyof paths
  ? M extends keyof paths[P]
    ? NonNullable<paths[P][M]>
    : never
  : never;

type Known<P extends ApiPath, M extends Method> = [Operation<P, M>] extends [never] ? false : true;

type JsonOf<R> = R extends { content: { "application/json": infer J } } ? J : never;

/** The whole JSON answer (the envelope) of a success with status `S`. */
export type Answer<P extends ApiPath, M extends Method, S extends number = 200 | 201> =
  Known<P, M> extends true
    ? Operation<P, M> extends { responses: infer R }
      ? JsonOf<R[Extract<keyof R, S>]>
      : never
    : { success: true; data: unknown; [key: string]: unknown };

/** The `data` of a success with status `S`: what SDK methods return. */
export type Data<P extends ApiPath, M extends Method, S extends number = 200 | 201> =
  Answer<P, M, S> extends { data: infer D } ? D : unknown;

/** The JSON body a call takes. */
export type Body<P extends ApiPath, M extends Method> =
  Known<P, M> extends true
    ? Operation<P, M> extends { requestBody?: infer B }
      ? JsonOf<NonNullable<B>>
      : never
    : unknown;

export type QueryValue = string | number | boolean | readonly string[] | undefined;

/** The query parameters a call takes. */
export type Query<P extends ApiPath, M extends Method> =
  Known<P, M> extends true
    ? Operation<P, M> extends { parameters: { query?: infer Q } }
      ? NonNullable<Q>
      : never
    : Record<string, QueryValue>;
