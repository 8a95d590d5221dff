/**
 * Import rules of the code layout (docs/architecture.md, "Import rules"). `npm test` runs
 * `depcruise` with this file first and fails on any violation.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import loop makes load order matter and hides which module owns what.",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "no-circular-types",
      severity: "error",
      comment: "Type-only loops still tie two modules together; a shared type belongs to the lower one.",
      from: {},
      to: { circular: true },
    },
    {
      name: "routes-only-from-routes",
      severity: "error",
      comment: "A route is an entry point: nothing but the route config and other routes imports it.",
      from: { path: "^app/", pathNot: ["^app/routes/", "^app/routes\\.config\\.ts$"] },
      to: { path: "^app/routes/" },
    },
    {
      name: "ui-is-area-free",
      severity: "error",
      comment: "app/ui is the design system: it knows no area and no database.",
      from: { path: "^app/ui/" },
      to: { path: ["^app/modules/", "^app/db/"] },
    },
    {
      name: "lib-imports-no-module",
      severity: "error",
      comment: "app/lib holds helpers every area may use; it must not depend on an area.",
      from: { path: "^app/lib/" },
      to: { path: "^app/modules/" },
    },
    {
      name: "schema-imports-no-service",
      severity: "error",
      comment: "Table definitions are the bottom layer: besides each other they may import only pure modules (state names, block types), never a service, component, route or worker.",
      from: { path: "^app/db/schema/" },
      to: { path: ["\\.server\\.tsx?$", "\\.schema\\.ts$", "/components/", "\\.tsx$", "^app/routes/", "^workers/", "^durable-objects/", "^app/db/(client|seed)"] },
    },
    {
      name: "report-machinery-knows-no-area",
      severity: "error",
      comment: "app/modules/reports queues, renders and stores the files areas ask for; an area hands it its builders (app/report-builders.server.ts), so it imports none.",
      from: { path: "^app/modules/reports/" },
      to: { path: ["^app/modules/", "^app/routes/", "^app/report-builders\\.server\\.ts$"], pathNot: ["^app/modules/(reports|auth|notifications)/"] },
    },
    {
      name: "app-does-not-import-durable-objects",
      severity: "error",
      comment: "Commands, results and write plans live in the area's module; app/ reaches a Durable Object through its binding (typed in worker-configuration.d.ts).",
      from: { path: "^app/" },
      to: { path: "^durable-objects/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^build/", "^\\.builds/", "^node_modules/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"], extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
