// A tool's input or output schema as JSON Schema, with the REST schemas' descriptions and examples.
import { getOpenApiMetadata } from "@asteasolutions/zod-to-openapi";
import { z } from "@hono/zod-openapi";

/**
 * A tool's input or output schema as the JSON Schema MCP clients read. The REST schemas keep their field
 * descriptions and examples in `.openapi()` metadata, which zod's own conversion does not see: they are
 * copied over, so a tool documents its fields as the REST reference does.
 */
export function toJsonSchema(schema: z.ZodType, io: "input" | "output") {
  return z.toJSONSchema(schema, {
    io,
    override: ({ zodSchema, jsonSchema }) => {
      const meta = getOpenApiMetadata(zodSchema as unknown as z.ZodType);
      if (meta.description && !jsonSchema.description) jsonSchema.description = meta.description;
      if (meta.example !== undefined && !jsonSchema.examples) jsonSchema.examples = [meta.example];
    },
  }) as { type: "object"; [key: string]: unknown };
}
