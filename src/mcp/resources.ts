/**
 * Read-only documents an agent can load whole. The flow step and trigger catalogs are empty until automation
 * flows exist; the flows work fills them by giving each resource its `read`.
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
    description: "Every step type an automation flow can use, with its fields.",
    read: () => ({ nodeTypes: [] }),
  },
  {
    uri: "herald://trigger-types",
    name: "trigger-types",
    title: "Flow trigger types",
    description: "Every trigger that can start an automation flow, with its configuration.",
    read: () => ({ triggerTypes: [] }),
  },
];
