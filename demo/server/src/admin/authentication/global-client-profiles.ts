import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface ClientProfile {
  name: string;
  description?: string;
  executors: { executor: string; configuration?: Record<string, unknown> }[];
}

/**
 * Keycloak 26.7.3's built-in (global) client profiles, as it answers them with `include-global-profiles=true`:
 * names, descriptions, executors and their configurations.
 */
export const GLOBAL_CLIENT_PROFILES: ClientProfile[] = JSON.parse(
  readFileSync(join(import.meta.dirname, "global-client-profiles.json"), "utf8"),
) as ClientProfile[];
