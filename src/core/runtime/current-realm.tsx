import { createContext, useContext } from "react";

/** The realm the screens below manage (from the route in the console, the `realm` attribute in an area). */
export const CurrentRealmContext = createContext<string | null>(null);

export function useCurrentRealm(): string {
  const realm = useContext(CurrentRealmContext);
  if (realm === null) throw new Error("No provider found for CurrentRealm context");
  return realm;
}

export const useOptionalCurrentRealm = () => useContext(CurrentRealmContext);
