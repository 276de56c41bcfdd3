// Web Test Runner for the UI kit's browser tests only (tests/browser/ui-*.test.tsx), built into
// its own folder so it never clobbers the shared browser-test bundle while others run theirs.
// Pick files with UI_TESTS=ui-table,ui-form (name prefixes); default: every ui-* test.
import path from "node:path";
import { readdirSync } from "node:fs";
import { webTestRunnerChromium } from "./tests/support/wtr-chromium.mjs";
import { build } from "vite";

const OUT_DIR = ".tmp/browser-tests-ui-kit";
const root = path.resolve(".");
const prefixes = (process.env.UI_TESTS ?? "ui-").split(",");
const input = Object.fromEntries(
  readdirSync(path.join(root, "tests/browser"))
    .filter((file) => /^ui-.*\.test\.tsx?$/.test(file) && prefixes.some((prefix) => file.startsWith(prefix)))
    .map((file) => [file.replace(/\.tsx?$/, ""), path.join(root, "tests/browser", file)]),
);

await build({
  configFile: "vite.config.ts",
  mode: "browser-test",
  logLevel: "warn",
  plugins: [
    {
      name: "ui-kit-test-entries",
      config(config) {
        config.build.outDir = path.join(root, OUT_DIR);
        config.build.rolldownOptions.input = input;
      },
    },
  ],
});

export default {
  rootDir: ".",
  files: [`${OUT_DIR}/**/*.test.js`],
  concurrency: 1,
  nodeResolve: false,
  testFramework: { config: { timeout: 15000 } },
  testsFinishTimeout: 180000,
  browsers: [webTestRunnerChromium()],
};
