export * from "./accounts";
export * from "./events";
export * from "./posts";
export * from "./runtime";
export * from "./sandbox";
export * from "./slots";
export * from "./users";
