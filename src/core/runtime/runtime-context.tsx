import { createContext, useContext } from "react";
import type { Runtime } from "./runtime.ts";

export const RuntimeContext = createContext<Runtime | null>(null);

export function useRuntime(): Runtime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error("No provider found for Runtime context");
  return runtime;
}

export const useAdminClient = () => useRuntime().adminClient;
