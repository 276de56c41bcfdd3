import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// base "./": the built page works from whatever folder it is served.
export default defineConfig({ base: "./", plugins: [react()], build: { chunkSizeWarningLimit: 2000 } });
