import { createContext, useContext, useEffect, useMemo, type ReactNode } from "react";
import { createAccessChecker } from "../access/access-checker.ts";
import { AccessProvider } from "../access/access-context.tsx";
import type { Realm } from "../api/realm.ts";
import type { WhoAmI } from "../api/who-am-i.ts";
import { switchRealmLanguage } from "../i18n/create-i18n.ts";
import { textDirection } from "../i18n/rtl.ts";
import { LoadingSpinner } from "../ui/layout/loading-spinner.tsx";
import { CurrentRealmContext } from "./current-realm.tsx";
import { useRuntime } from "./runtime-context.tsx";
import { useRealmQuery, useWhoAmIQuery } from "./shared-queries.ts";

interface RealmScopeValue {
  whoAmI: WhoAmI;
  realm: Realm | null;
  language: string;
}

const RealmScopeContext = createContext<RealmScopeValue | null>(null);

/**
 * Everything tied to the realm being managed: who-am-I (access, locale), the
 * realm representation, the realm's text overrides, and `dir` on the element.
 */
export function RealmScope({ realm, locale, host, children }: { realm: string; locale?: string; host: HTMLElement; children: ReactNode }) {
  const { i18n } = useRuntime();
  const whoAmI = useWhoAmIQuery(realm);
  const realmQuery = useRealmQuery(realm);
  const language = locale || whoAmI.data?.locale || "en";
  useEffect(() => {
    void switchRealmLanguage(i18n, realm, language);
    host.setAttribute("dir", textDirection(language));
  }, [i18n, realm, language, host]);
  const access = useMemo(() => createAccessChecker(whoAmI.data?.realm_access, realm), [whoAmI.data, realm]);
  const value = useMemo(() => (whoAmI.data ? { whoAmI: whoAmI.data, realm: realmQuery.data ?? null, language } : null), [whoAmI.data, realmQuery.data, language]);
  if (!value || realmQuery.isPending) return <LoadingSpinner />;
  return (
    <CurrentRealmContext.Provider value={realm}>
      <RealmScopeContext.Provider value={value}>
        <AccessProvider access={access}>{children}</AccessProvider>
      </RealmScopeContext.Provider>
    </CurrentRealmContext.Provider>
  );
}

function useRealmScope(): RealmScopeValue {
  const scope = useContext(RealmScopeContext);
  if (!scope) throw new Error("No provider found for RealmScope context");
  return scope;
}

export const useWhoAmI = () => useRealmScope().whoAmI;
export const useRealmRepresentation = () => useRealmScope().realm;
export const useLanguage = () => useRealmScope().language;
