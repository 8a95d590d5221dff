export * from "./auth";
export * from "./org";
export * from "./platform";
