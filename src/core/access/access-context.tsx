import { createContext, useContext, type ReactNode } from "react";
import type { AccessChecker } from "./access-checker.ts";

const AccessContext = createContext<AccessChecker | null>(null);

export function AccessProvider({ access, children }: { access: AccessChecker; children: ReactNode }) {
  return <AccessContext.Provider value={access}>{children}</AccessContext.Provider>;
}

export function useAccess(): AccessChecker {
  const access = useContext(AccessContext);
  if (!access) throw new Error("No provider found for Access context");
  return access;
}

/** The access in scope, or null outside any realm scope. */
export const useOptionalAccess = () => useContext(AccessContext);
