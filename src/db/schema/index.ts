export * from "./accounts";
export * from "./events";
export * from "./notifications";
export * from "./posts";
export * from "./runtime";
export * from "./sandbox";
export * from "./users";
export * from "./webhooks";
