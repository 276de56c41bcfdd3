import react from "@vitejs/plugin-react";
import { readFileSync } from "node:fs";
import { defineConfig, type Plugin } from "vite";

// Images the upstream console loads from `environment.resourceUrl`
// (the masthead logo, the dashboard icon). They ship inside the npm
// package; the build copies them next to index.html, and serve.mjs points
// resourceUrl at the page's own folder.
const upstreamLib = new URL("./node_modules/@keycloak/keycloak-admin-ui/lib/", import.meta.url);
const upstreamImages = ["logo.svg", "icon.svg", "favicon.svg", "img_avatar.svg"];

function upstreamResourceImages(): Plugin {
  return {
    name: "upstream-resource-images",
    apply: "build",
    generateBundle() {
      for (const fileName of upstreamImages) {
        this.emitFile({
          type: "asset",
          fileName,
          source: readFileSync(new URL(fileName, upstreamLib)),
        });
      }
    },
  };
}

export default defineConfig({
  // Relative asset URLs: the page can be served under any path
  // (serve.mjs defaults to /admin/master/console/, like Keycloak).
  base: "./",
  plugins: [react(), upstreamResourceImages()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    // The upstream library is one 4 MB module; don't warn about it.
    chunkSizeWarningLimit: 8000,
  },
});
