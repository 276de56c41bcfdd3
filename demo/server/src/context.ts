import type { Db } from "./store/db.ts";

export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  /** The externally visible base URL, e.g. http://127.0.0.1:8180 */
  publicUrl: string;
  /** Folder with the built console (vite output), served at /elements/ and /admin/{realm}/console/. */
  distDir: string;
  /** Folder with demo pages (demo/pages). */
  pagesDir: string;
  importFiles: string[];
  seedScale: boolean;
  /** Skip the demo realm seed (tests that want an empty server). */
  seedDemo: boolean;
}

/** What every route family gets: the store and the configuration. */
export interface ServerContext {
  db: Db;
  config: ServerConfig;
}
