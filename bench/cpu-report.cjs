// Preloaded into a benchmarked child process (`node --require`): writes the
// process's CPU time to $WYMCP_CPU_REPORT when it exits.
"use strict";
const { writeFileSync } = require("node:fs");
process.on("exit", () => writeFileSync(process.env.WYMCP_CPU_REPORT, JSON.stringify(process.cpuUsage())));
