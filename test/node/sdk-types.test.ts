import { registerHooks } from "node:module";
import { expect, it } from "vitest";
import { createApp, openApiConfig } from "../../src/app";

// openapi-typescript 7.13 needs the classic compiler API, which TypeScript 7 no longer ships: hand it TypeScript 6
// (openapi-ts/openapi-typescript#2841). Only imports made from inside openapi-typescript are redirected.
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === "typescript" && context.parentURL?.includes("/node_modules/openapi-typescript/")) {
      return nextResolve("@typescript/typescript6", context);
    }
    return nextResolve(specifier, context);
  },
});

it("sdk/src/openapi.ts is generated from the current OpenAPI document (npm run sdk:generate)", async () => {
  const { default: openapiTS, astToString } = await import("openapi-typescript");
  const document = createApp().getOpenAPI31Document(openApiConfig);
  const ast = await openapiTS(document as any, { defaultNonNullable: false });
  const source = `// Generated from the OpenAPI document by \`npm run sdk:generate\`; do not edit.\n\n${astToString(ast)}`;
  await expect(source).toMatchFileSnapshot("../../sdk/src/openapi.ts");
});
