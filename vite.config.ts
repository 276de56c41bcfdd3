import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { browserTestEntries, elementEntries } from "./build/element-entries.ts";
import { shadowEvents, shadowEventsForOptimizer } from "./build/vite-plugin-shadow-events.ts";
import { shadowSheets } from "./build/vite-plugin-shadow-sheets.ts";
import { precompress } from "./build/vite-plugin-precompress.ts";
import { leanDependencies } from "./build/vite-plugin-lean-dependencies.ts";

const root = path.dirname(fileURLToPath(import.meta.url));

/** Output folders: the product build, and the bundle Web Test Runner runs (`--mode browser-test`). */
export const BROWSER_TEST_OUT_DIR = ".tmp/browser-tests";
/**
 * The npm package's build (`--mode package`): as dist/ but without Vite's preload lists, whose file names a host's
 * bundler renames when it bundles our chunks again (its own build preloads what it splits).
 */
export const PACKAGE_OUT_DIR = ".tmp/package-build";

export default defineConfig(({ command, mode }) => {
  const isBrowserTest = mode === "browser-test";
  const isPackage = mode === "package";
  // Building from src/ puts src/console/index.html at dist/console/index.html.
  const isProductBuild = command === "build" && !isBrowserTest;
  const input = isBrowserTest
    ? { ...browserTestEntries(root), loader: path.resolve(root, "src/elements/loader.ts") }
    : {
        loader: path.resolve(root, "src/elements/loader.ts"),
        ...elementEntries(root),
        console: path.resolve(root, "src/console/index.html"),
      };
  return {
    root: isProductBuild ? path.resolve(root, "src") : root,
    base: "./",
    plugins: [
      shadowSheets({ root }),
      shadowEvents(),
      react(),
      ...(isProductBuild ? [leanDependencies(root), ...(isPackage ? [] : [precompress()])] : []),
    ],
    define: { "process.env.NODE_ENV": JSON.stringify(isBrowserTest ? "development" : "production") },
    optimizeDeps: { rolldownOptions: { plugins: [shadowEventsForOptimizer()] } },
    build: {
      outDir: path.resolve(root, isBrowserTest ? BROWSER_TEST_OUT_DIR : isPackage ? PACKAGE_OUT_DIR : "dist"),
      emptyOutDir: true,
      minify: !isBrowserTest,
      sourcemap: isBrowserTest,
      target: "es2022",
      // Modern browsers preload modules natively; the polyfill would be extra script.
      modulePreload: isPackage ? false : { polyfill: false },
      assetsInlineLimit: (file: string) => (/\.(woff2?|ttf|otf)$/.test(file) ? false : undefined),
      rolldownOptions: {
        input,
        // Keep entry exports (loader's define/load, each area's define): Vite drops them for apps.
        preserveEntrySignatures: "exports-only",
        external: isBrowserTest ? [/^\/__web-dev-server__/] : [],
        output: {
          entryFileNames: (chunk) =>
            chunk.facadeModuleId?.endsWith(".html") ? "console/[name]-[hash].js" : "[name].js",
          chunkFileNames: "chunks/[name]-[hash].js",
          assetFileNames: "assets/[name]-[hash][extname]",
        },
      },
    },
  };
});
