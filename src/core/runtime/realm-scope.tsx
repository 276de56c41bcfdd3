import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { accessFromWhoAmI } from "../access/who-am-i-access.ts";
import { AccessProvider } from "../access/access-context.tsx";
import type { Realm } from "../api/realm.ts";
import type { WhoAmI } from "../api/who-am-i.ts";
import { DEFAULT_LANGUAGE, loadRealmBundle } from "../i18n/create-i18n.ts";
import { CurrentLanguageContext } from "../i18n/current-language.tsx";
import { storedLanguageChoice, storeLanguageChoice } from "../i18n/language-choice.ts";
import { textDirection } from "../i18n/rtl.ts";
import { LoadingSpinner } from "../ui/layout/loading-spinner.tsx";
import { CurrentRealmContext } from "./current-realm.tsx";
import { useRuntime } from "./runtime-context.tsx";
import { useRealmQuery, useWhoAmIQuery } from "./shared-queries.ts";
import { useOverlayRoot } from "../ui/overlays/overlay-root.tsx";
import { reportStartupError } from "./startup-error.ts";
import { WhoAmIRefusedNotice } from "./who-am-i-refused-notice.tsx";

const ADMIN_CONSOLE_CLIENT = "security-admin-console";

interface RealmScopeValue {
  whoAmI: WhoAmI;
  realm: Realm | null;
  language: string;
  /** Switches this element's language (unless its `locale` attribute fixes it) and remembers the choice. */
  chooseLanguage(language: string): void;
}

const RealmScopeContext = createContext<RealmScopeValue | null>(null);

/**
 * Everything tied to the realm being managed: who-am-I (access, locale), the
 * realm representation, the server's message bundle for the element's language, and `dir` on the element.
 * The language: the `locale` attribute, else the administrator's choice in the user menu, else who-am-I's
 * locale, else English.
 */
export function RealmScope({
  realm,
  locale,
  host,
  children,
}: {
  realm: string;
  locale?: string;
  host: HTMLElement;
  children: ReactNode;
}) {
  const { i18n, serverUrl, authRealm } = useRuntime();
  const whoAmI = useWhoAmIQuery(realm);
  const realmQuery = useRealmQuery(realm);
  const userId = whoAmI.data?.userId ?? "";
  const [chosen, setChosen] = useState<{ userId: string; language: string | undefined } | null>(null);
  const storedChoice =
    chosen && chosen.userId === userId ? chosen.language : storedLanguageChoice(serverUrl, authRealm, userId);
  const language = locale || storedChoice || whoAmI.data?.locale || DEFAULT_LANGUAGE;
  const chooseLanguage = useCallback(
    (next: string) => {
      storeLanguageChoice(serverUrl, authRealm, userId, next);
      setChosen({ userId, language: next });
    },
    [serverUrl, authRealm, userId],
  );
  const mountRoot = useOverlayRoot();
  const settled = Boolean(whoAmI.data);
  useEffect(() => {
    // Until who-am-I answers, the language may still change; its bundle is read once it is known.
    if (settled) void loadRealmBundle(i18n, realm, language);
  }, [i18n, realm, language, settled]);
  useEffect(() => {
    const direction = textDirection(language);
    host.setAttribute("dir", direction);
    // PatternFly's mirrored rules (`[dir=rtl] .pf-v6-c-…`) live in the shadow root and cannot see the host's attribute.
    mountRoot.setAttribute("dir", direction);
    host.setAttribute("lang", language);
  }, [language, host, mountRoot]);
  const refusal = whoAmI.data?.refusal;
  useEffect(() => {
    if (refusal) reportStartupError(host, refusal, refusal.detail);
  }, [host, refusal]);
  const access = useMemo(() => whoAmI.data && accessFromWhoAmI(whoAmI.data, realm), [whoAmI.data, realm]);
  const value = useMemo(
    () => (whoAmI.data ? { whoAmI: whoAmI.data, realm: realmQuery.data ?? null, language, chooseLanguage } : null),
    [whoAmI.data, realmQuery.data, language, chooseLanguage],
  );
  if (!value || !access || realmQuery.isPending) return <LoadingSpinner />;
  const refusedClient = value.whoAmI.accessFromToken ? refusal?.clientId : undefined;
  return (
    <CurrentRealmContext.Provider value={realm}>
      <CurrentLanguageContext.Provider value={language}>
        <RealmScopeContext.Provider value={value}>
          <AccessProvider access={access}>
            {refusedClient && refusedClient !== ADMIN_CONSOLE_CLIENT && (
              <WhoAmIRefusedNotice clientId={refusedClient} />
            )}
            {children}
          </AccessProvider>
        </RealmScopeContext.Provider>
      </CurrentLanguageContext.Provider>
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
export const useChooseLanguage = () => useRealmScope().chooseLanguage;

/** The managed realm's representation, or null outside a RealmScope (a form shown on its own). */
export const useRealmRepresentationIfScoped = () => useContext(RealmScopeContext)?.realm ?? null;
