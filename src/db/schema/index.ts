export * from "./accounts";
export * from "./events";
export * from "./plugs";
export * from "./posts";
export * from "./runtime";
export * from "./sandbox";
export * from "./sessions";
export * from "./users";
