import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { shadowEvents, shadowEventsForOptimizer } from "./build/vite-plugin-shadow-events.ts";
import { shadowSheets } from "./build/vite-plugin-shadow-sheets.ts";

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root,
  // Sheets are not rendered in jsdom: CSS imports become empty modules there.
  plugins: [shadowSheets({ root, emitSheets: false }), shadowEvents(), react()],
  optimizeDeps: { rolldownOptions: { plugins: [shadowEventsForOptimizer()] } },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    pool: "forks",
    maxWorkers: 1,
    // One jsdom and one module graph for all files: a fresh one per file cost 124 s of CPU, this 43 s (the files
    // passed in shuffled orders too).
    isolate: false,
    // PatternFly goes through the plugins above (CSS imports, shadow-DOM patch) instead of Node's loader.
    server: { deps: { inline: [/@patternfly\//] } },
  },
});
