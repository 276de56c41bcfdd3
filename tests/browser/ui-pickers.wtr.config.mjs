// Web Test Runner for the profile, dynamic, picker and role-mapping browser tests only: builds just
// those files (into their own folder, so parallel runs of the shared config are not disturbed).
// Usage: npx web-test-runner --config tests/browser/ui-pickers.wtr.config.mjs [--files <built file>]
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readdirSync } from "node:fs";
import { webTestRunnerChromium } from "../support/wtr-chromium.mjs";
import { build } from "vite";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const OUT_DIR = ".tmp/browser-tests-ui-pickers";
const MINE = /^ui-(profile|dynamic|pickers|role-mapping).*\.test\.tsx$/;

const input = Object.fromEntries(
  readdirSync(path.join(root, "tests/browser"))
    .filter((file) => MINE.test(file))
    .map((file) => [file.replace(/\.tsx$/, ""), path.join(root, "tests/browser", file)]),
);

await build({
  configFile: path.join(root, "vite.config.ts"),
  mode: "browser-test",
  logLevel: "warn",
  plugins: [
    {
      name: "only-ui-pickers-tests",
      config(config) {
        config.build.outDir = path.join(root, OUT_DIR);
        config.build.rolldownOptions.input = input;
      },
    },
  ],
});

export default {
  rootDir: root,
  files: [`${OUT_DIR}/**/*.test.js`],
  concurrency: 1,
  nodeResolve: false,
  testFramework: { config: { timeout: 20000 } },
  testsFinishTimeout: 180000,
  browsers: [webTestRunnerChromium()],
};
