/**
 * Everything a build runs once it looks at modules, in one module loaded on
 * the side by `lazy-pass.ts`.
 */
export { ModuleChecker } from "./module-checker.js";
export { contextResolver } from "./bundler-resolvers.js";
export { checkedInOrder } from "./checked-in-order.js";
export { esbuildEnd } from "./esbuild-scan.js";
export { reportVerdict } from "./verdict-report.js";
export { scanModules } from "./webpack-scan.js";
