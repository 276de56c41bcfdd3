/**
 * `npm run bench`: bundle sizes, the dashboard's first paint, and on one server with the scale realm
 * the admin API latency and the time the screens take to show a page once its answer has arrived.
 * BENCH_SKIP_SERVER=1 leaves the scale realm out.
 */
import { bundleReport, ensureBuild, kilobytes, measureBundle } from "./bundle-size.ts";
import { firstPaintLine, measureFirstPaint } from "./first-paint.ts";
import { startScaleServer } from "./scale-server.ts";
import { benchScaleScreens } from "./scale-screens.ts";
import { benchAdminApi } from "./server-bench.ts";

function heading(title: string) {
  console.log(`\n== ${title}`);
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
  console.log(
    `  ${result.label.replace(/ first paint$/, "")} loads ${loaded.length} script/style files before the dashboard: ${kilobytes(gzip)} gzip`,
  );
}

if (process.env.BENCH_SKIP_SERVER !== "1") {
  const server = await startScaleServer();
  try {
    heading("admin API on the scale realm (target: p95 under 50 ms)");
    await benchAdminApi(server.baseUrl);
    heading("scale realm screens: rows shown after the response (target: under 300 ms)");
    await benchScaleScreens(server.baseUrl);
  } finally {
    await server.stop();
  }
}
