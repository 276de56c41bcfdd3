import type { Db } from "./store/db.ts";
import type { FeatureToggles } from "./admin/server-info/features.ts";

export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  /**
   * `--hostname`: a full URL (`https://id.example.com/auth`, no trailing slash) used for every URL the
   * server hands out, or a host name that keeps the request's scheme and port; unset: all from the request.
   */
  hostname?: string;
  /** `--proxy-headers`: which proxy headers set the frontend URL; unset: none are trusted. */
  proxyHeaders?: "forwarded" | "xforwarded";
  /** `--demo-pages`: serve the demo pages and their backend (/demo/); `npm start` turns it on. */
  demoPages: boolean;
  /** Folder with the built console (vite output), served at /elements/ and /admin/{realm}/console/. */
  distDir: string;
  /** Folder with demo pages (demo/pages). */
  pagesDir: string;
  importFiles: string[];
  seedScale: boolean;
  /** Skip the demo realm seed (tests that want an empty server). */
  seedDemo: boolean;
  /** `--features` / `--features-disabled` (comma-separated Keycloak feature keys). */
  features: FeatureToggles;
  /** The Keycloak version server info reports (`--report-version`), to see the console against an older server. */
  reportedVersion: string;
}

/** What every route family gets: the store and the configuration. */
export interface ServerContext {
  db: Db;
  config: ServerConfig;
}
