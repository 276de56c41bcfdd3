import { createContext, useContext } from "react";
import type { Runtime } from "./runtime.ts";

export const RuntimeContext = createContext<Runtime | null>(null);

/** The runtime carries the console's environment (server, realms, client): spec §8 names its absence so. */
export const MISSING_ENVIRONMENT = "no environment provider in the hierarchy";

export function useRuntime(): Runtime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error(MISSING_ENVIRONMENT);
  return runtime;
}

export const useAdminClient = () => useRuntime().adminClient;
