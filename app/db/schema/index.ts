export * from "./auth";
export * from "./integrations";
export * from "./org";
export * from "./platform";
export * from "./reviews";
export * from "./surveys";
export * from "./reports";
export * from "./feedback";
