// The read-only documents agents can load: the flow step types and each platform's trigger kinds.
import { stepCatalog, triggerCatalog } from "../services/flows/catalog";

/**
 * Read-only documents an agent can load whole: the flow step types (with the JSON Schema of each one's
 * `data`, from the same zod schemas REST and the edit tools check) and the trigger kinds each platform offers.
 */
export interface ResourceDeclaration {
  uri: string;
  name: string;
  title: string;
  description: string;
  read: () => unknown;
}

export const RESOURCES: readonly ResourceDeclaration[] = [
  {
    uri: "herald://node-types",
    name: "node-types",
    title: "Flow step types",
    description: "Every step type an automation flow can use, with its fields and where its connections leave from.",
    read: () => ({ nodeTypes: stepCatalog() }),
  },
  {
    uri: "herald://trigger-types",
    name: "trigger-types",
    title: "Flow trigger types",
    description: "Every trigger that can start an automation flow, per platform, with its configuration.",
    read: () => ({ triggerTypes: triggerCatalog() }),
  },
];
