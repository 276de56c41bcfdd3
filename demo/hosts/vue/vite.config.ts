import vue from "@vitejs/plugin-vue";
import { defineConfig } from "vite";

// Tags starting with kc- are custom elements, not Vue components; base "./" serves the build from any folder.
export default defineConfig({
  base: "./",
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith("kc-") } } })],
  build: { chunkSizeWarningLimit: 2000 },
});
