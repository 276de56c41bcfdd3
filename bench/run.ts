/**
 * `npm run bench`: bundle sizes, the dashboard's first paint, and (when bench/server-bench.ts
 * is there) the admin API latency on the scale realm. BENCH_SKIP_SERVER=1 leaves that last one out.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { bundleReport, ensureBuild, kilobytes, measureBundle, root } from "./bundle-size.ts";
import { firstPaintLine, measureFirstPaint } from "./first-paint.ts";

const SERVER_BENCH = join(root, "bench/server-bench.ts");

function heading(title: string) {
  console.log(`\n== ${title}`);
}

/** Runs the server engineer's bench as it is and passes its lines through. */
function runServerBench(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", SERVER_BENCH], { cwd: root, stdio: "inherit" });
    child.on("close", (code) => resolve(code ?? 1));
  });
}

ensureBuild();
const bundle = measureBundle();
heading("bundle (gzip, level 9)");
for (const line of bundleReport(bundle)) console.log(line);

heading("first paint (headless Chromium, embedded server)");
const paints = await measureFirstPaint();
for (const result of paints) {
  console.log(firstPaintLine(result));
  const loaded = bundle.filter((file) => result.elementFiles.includes(file.path));
  const gzip = loaded.reduce((sum, file) => sum + file.gzipBytes, 0);
  console.log(`  ${result.label.replace(/ first paint$/, "")} loads ${loaded.length} script/style files before the dashboard: ${kilobytes(gzip)} gzip`);
}

let exitCode = 0;
if (existsSync(SERVER_BENCH) && process.env.BENCH_SKIP_SERVER !== "1") {
  heading("admin API on the scale realm (bench/server-bench.ts)");
  exitCode = await runServerBench();
  if (exitCode !== 0) console.log(`server bench failed (exit ${exitCode})`);
}
process.exit(exitCode);
