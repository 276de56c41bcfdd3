// Loaded into the processes of a node:test step (through NODE_OPTIONS, by scripts/test-all.mjs): the process that runs
// one test file appends, as it exits, one JSON line to $KC_TEST_USAGE_FILE with its wall time and the CPU time of
// itself and of the children it waited for (test servers, Chromium with its renderers, builds). Other processes
// (the runner, test servers) record nothing.
import { appendFileSync, readFileSync } from "node:fs";

const usageFile = process.env.KC_TEST_USAGE_FILE;
const testFile = process.env.NODE_TEST_CONTEXT ? process.argv.find((a) => /\.test\.[cm]?[jt]sx?$/.test(a)) : undefined;

/** CPU seconds of waited-for children (Linux /proc; 0 elsewhere). */
function childrenCpuSeconds() {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 16 and 17 of proc(5), cutime and cstime, in clock ticks (100 per second on Linux).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

if (usageFile && testFile) {
  process.on("exit", () => {
    const own = process.cpuUsage();
    const cpu = (own.user + own.system) / 1e6 + childrenCpuSeconds();
    const line = { file: testFile, wall: Math.round(process.uptime() * 10) / 10, cpu: Math.round(cpu * 10) / 10 };
    appendFileSync(usageFile, `${JSON.stringify(line)}\n`);
  });
}
