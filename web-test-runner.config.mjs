// Web Test Runner runs the browser tests in Chromium from a Vite build of tests/browser/**, so the
// tests get exactly the product's pipeline: TSX, PatternFly sheets, PatternFly's shadow-DOM patch.
import { webTestRunnerChromium } from "./tests/support/wtr-chromium.mjs";
import { build } from "vite";

const OUT_DIR = ".tmp/browser-tests";

await build({ configFile: "vite.config.ts", mode: "browser-test", logLevel: "warn" });

export default {
  rootDir: ".",
  files: [`${OUT_DIR}/**/*.test.js`],
  concurrency: 1,
  nodeResolve: false,
  testFramework: { config: { timeout: 30000 } },
  testsFinishTimeout: 300000,
  browsers: [webTestRunnerChromium()],
};
