import { createInstance, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { allMessages, onMessagesRegistered } from "./message-bundles.ts";
import { BUNDLED_NAMESPACE, FALLBACK_LANGUAGE, realmOverridesBackend } from "./realm-overrides-backend.ts";

export const DEFAULT_LANGUAGE = "en";

type Fetcher = (url: string) => Promise<Response>;

/** One i18next instance per runtime: bundled English under 'dev' and 'en', realm overrides per realm namespace. */
export async function createI18n(serverUrl: string, fetcher?: Fetcher): Promise<I18n> {
  const i18n = createInstance();
  i18n.use(realmOverridesBackend(serverUrl, fetcher)).use(initReactI18next);
  i18n.on("failedLoading", (language: string, namespace: string, message: string) => {
    console.warn(`Could not load texts for ${namespace}/${language}: ${message}`);
  });
  await i18n.init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: FALLBACK_LANGUAGE,
    ns: [BUNDLED_NAMESPACE],
    defaultNS: BUNDLED_NAMESPACE,
    fallbackNS: BUNDLED_NAMESPACE,
    partialBundledLanguages: true,
    resources: {},
    maxRetries: 5,
    retryTimeout: 350,
    maxParallelReads: 10,
    interpolation: { escapeValue: false, maxReplaces: 1000 },
    react: { useSuspense: false },
  });
  const addBundled = (bundle: Record<string, string>) => {
    for (const language of [FALLBACK_LANGUAGE, DEFAULT_LANGUAGE])
      i18n.addResourceBundle(language, BUNDLED_NAMESPACE, bundle, true, true);
  };
  addBundled(allMessages());
  onMessagesRegistered((_area, bundle) => addBundled(bundle));
  return i18n;
}

/** Switches language and loads the realm's overrides for it; load errors only warn. */
export async function switchRealmLanguage(i18n: I18n, realm: string, language: string): Promise<void> {
  await i18n.loadNamespaces(realm);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}
