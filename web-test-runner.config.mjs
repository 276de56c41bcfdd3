// Web Test Runner runs the browser tests in Chromium from a Vite build of tests/browser/**, so the
// tests get exactly the product's pipeline: TSX, PatternFly sheets, PatternFly's shadow-DOM patch.
import { playwrightLauncher } from "@web/test-runner-playwright";
import { build } from "vite";

const OUT_DIR = ".tmp/browser-tests";

const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

await build({ configFile: "vite.config.ts", mode: "browser-test", logLevel: "warn" });

export default {
  rootDir: ".",
  files: [`${OUT_DIR}/**/*.test.js`],
  concurrency: 1,
  nodeResolve: false,
  testFramework: { config: { timeout: 30000 } },
  testsFinishTimeout: 300000,
  browsers: [
    playwrightLauncher({
      product: "chromium",
      launchOptions: {
        executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
        headless: true,
        args: CHROMIUM_FLAGS,
      },
    }),
  ],
};
