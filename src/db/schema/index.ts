export * from "./accounts";
export * from "./credentials";
export * from "./events";
export * from "./posts";
export * from "./runtime";
export * from "./sandbox";
export * from "./users";
