/**
 * Everything a build runs once it looks at modules, in one module loaded on
 * the side by `lazy-pass.ts`.
 */
export { ModuleChecker } from "./checks/module-checker.js";
export { contextResolver } from "./resolution/bundler-resolvers.js";
export { moduleListGraph } from "./resolution/module-list-graph.js";
export { checkedInOrder } from "./verdicts/checked-in-order.js";
export { esbuildEnd } from "./esbuild/esbuild-scan.js";
export { failBuildOnce, reportVerdict } from "./rollup-family/verdict-report.js";
export { scanModules } from "./webpack/webpack-scan.js";
