/*
 * The access table, read from the app itself: every operation of the OpenAPI document with the security it
 * declares, and the three refusals each must give: no credential, a token without its scope, another workspace's id.
 */

/** What an operation declares about who may call it. */
export interface Access {
  operationId: string;
  method: string;
  /** The OpenAPI path, `{param}` placeholders and all. */
  path: string;
  /** The OAuth scopes it declares; null when it is public (`security: []`). */
  scopes: string[] | null;
  // The role column goes here (the teams issue): the least role the operation declares, checked beside the scope.
  pathParams: string[];
  requiredQuery: string[];
  body?: { type: string; schema: JsonSchema };
}

type JsonSchema = Record<string, any>;
type Document = { paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, JsonSchema> } };

const METHODS = ["get", "post", "put", "patch", "delete"];

/** Every operation of the document, with its declared security. */
export function accessTable(document: Document): Access[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => {
      const op = item[method];
      const security: Record<string, string[]>[] = op.security ?? [];
      const oauth = security.find((requirement) => "OAuth2" in requirement);
      const params: { in: string; name: string; required?: boolean }[] = op.parameters ?? [];
      const content = op.requestBody?.required ? Object.entries<any>(op.requestBody.content ?? {})[0] : undefined;
      return {
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        scopes: security.length === 0 ? null : (oauth?.OAuth2 ?? []),
        pathParams: params.filter((p) => p.in === "path").map((p) => p.name),
        requiredQuery: params.filter((p) => p.in === "query" && p.required).map((p) => p.name),
        body: content ? { type: content[0], schema: content[1].schema } : undefined,
      };
    }),
  );
}

/** The smallest value `schema` accepts, as far as its JSON Schema says: what fills a body that must parse. */
export function exampleOf(schema: JsonSchema, document: Document, depth = 0): unknown {
  if (depth > 12) return null;
  const next = (s: JsonSchema) => exampleOf(s, document, depth + 1);
  if (schema.$ref) return next(document.components!.schemas![schema.$ref.split("/").pop()!]!);
  if ("const" in schema) return schema.const;
  if (schema.example !== undefined) return schema.example;
  if (schema.enum) return schema.enum[0];
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map(next));
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return next(choice.find((s: JsonSchema) => s.type !== "null") ?? choice[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const required: string[] = schema.required ?? [];
      return Object.fromEntries(required.map((name) => [name, next(schema.properties?.[name] ?? {})]));
    }
    case "array":
      return Array.from({ length: schema.minItems ?? 0 }, () => next(schema.items ?? {}));
    case "integer":
    case "number":
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case "boolean":
      return false;
    case "string":
      return stringOf(schema);
    default:
      return null;
  }
}

function stringOf(schema: JsonSchema): string {
  if (schema.format === "date-time") return "2030-06-01T09:00:00.000Z";
  if (schema.format === "uri" || schema.format === "url") return "https://example.com/x";
  if (schema.format === "email") return "someone@example.com";
  return "x".repeat(Math.max(1, schema.minLength ?? 1));
}

/** The ids of one workspace's things, by the name a path parameter gives them. */
export type Ids = Record<string, string>;

/** Which thing a path parameter names: its own name (`accountId`), or for `{id}` the collection before it. */
export function thingOf(path: string, param: string): string {
  if (param !== "id") return param;
  const segments = path.split("/");
  return segments[segments.indexOf("{id}") - 1]!;
}

/** Path parameters that name no workspace's thing: filled with a value any caller may use. */
export const PUBLIC_PARAMS: Record<string, string> = { platform: "bluesky", n: "1" };

/** The operation's URL with its path parameters (and required query parameters) filled from `ids`. */
export function urlOf(access: Access, ids: Ids, query: Record<string, string> = {}): string {
  let url = access.path;
  for (const param of access.pathParams) {
    const value = PUBLIC_PARAMS[param] ?? ids[thingOf(access.path, param)];
    if (value === undefined) throw new Error(`no id for {${param}} of ${access.path}: give the fixture one`);
    url = url.replace(`{${param}}`, encodeURIComponent(value));
  }
  const search = new URLSearchParams(
    access.requiredQuery.map((name) => [name, query[name] ?? ids[name] ?? `missing_${name}`]),
  ).toString();
  return search ? `${url}?${search}` : url;
}

/** Whether the operation reads or changes one of a workspace's things named in its path. */
export const namesAThing = (access: Access) => access.pathParams.some((p) => !(p in PUBLIC_PARAMS));

/**
 * The smallest body `schema` accepts that says something: its required fields, or the first field when none is
 * (an update must change something).
 */
export function bodyExample(schema: JsonSchema, document: Document): unknown {
  const resolved = schema.$ref ? document.components!.schemas![schema.$ref.split("/").pop()!]! : schema;
  const example = exampleOf(resolved, document);
  const [first] = Object.entries<JsonSchema>(resolved.properties ?? {});
  if (!first || typeof example !== "object" || example === null || Object.keys(example).length > 0) return example;
  return { [first[0]]: exampleOf(first[1], document) };
}

/** A request's body and content type: the smallest the operation's schema accepts. */
export function bodyOf(access: Access, document: Document): { body?: BodyInit; type?: string } {
  if (!access.body) return {};
  if (access.body.type !== "application/json") return { body: new Uint8Array([1]), type: access.body.type };
  return { body: JSON.stringify(bodyExample(access.body.schema, document)), type: "application/json" };
}
