import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { allMessages, onMessagesRegistered } from "./message-bundles.ts";
import { BUNDLED_NAMESPACE, FALLBACK_LANGUAGE, realmOverridesBackend } from "./realm-overrides-backend.ts";

export const DEFAULT_LANGUAGE = "en";

type Fetcher = (url: string) => Promise<Response>;

/**
 * One i18next instance per runtime. Our bundled English lives in the 'translation' namespace under 'dev' (the
 * fallback language) and 'en'; each realm namespace holds the server's bundle for a language. The instance's own
 * language stays 'dev': every element asks for its language explicitly (see realmTranslator), so two elements on
 * one page may show two languages.
 */
export async function createI18n(serverUrl: string, fetcher?: Fetcher): Promise<I18n> {
  const i18n = createInstance();
  i18n.use(realmOverridesBackend(serverUrl, fetcher)).use(initReactI18next);
  i18n.on("failedLoading", (language: string, namespace: string, message: string) => {
    console.warn(`Could not load the texts of realm ${namespace} in ${language}, English shows instead: ${message}`);
  });
  await i18n.init({
    lng: FALLBACK_LANGUAGE,
    fallbackLng: FALLBACK_LANGUAGE,
    // The server already falls back per key (de-CH → de → en), so only the asked-for language is read.
    load: "currentOnly",
    ns: [BUNDLED_NAMESPACE],
    defaultNS: BUNDLED_NAMESPACE,
    fallbackNS: BUNDLED_NAMESPACE,
    partialBundledLanguages: true,
    resources: {},
    maxRetries: 5,
    retryTimeout: 350,
    maxParallelReads: 10,
    interpolation: { escapeValue: false, maxReplaces: 1000 },
    react: { useSuspense: false, bindI18n: "languageChanged loaded" },
  });
  const addBundled = (bundle: Record<string, string>) => {
    for (const language of [FALLBACK_LANGUAGE, DEFAULT_LANGUAGE])
      i18n.addResourceBundle(language, BUNDLED_NAMESPACE, bundle, true, true);
  };
  addBundled(allMessages());
  onMessagesRegistered((_area, bundle) => addBundled(bundle));
  return i18n;
}

/**
 * Reads the server's bundle of `realm` in `language` (once; concurrent asks share the read). Resolves when it is
 * in, or when it failed for good (one console warning; the bundled English keeps showing).
 */
export function loadRealmBundle(i18n: I18n, realm: string, language: string): Promise<void> {
  return new Promise((resolve) => {
    const connector = i18n.services.backendConnector as {
      load(languages: string[], namespaces: string[], callback: () => void): void;
    };
    connector.load([language], [realm], () => resolve());
  });
}

/** Texts of `realm` in `language`: the server's bundle first, our bundled English for keys it lacks or until it loads. */
export function realmTranslator(i18n: I18n, realm: string | null | undefined, language: string): TFunction {
  return i18n.getFixedT(language, realm ? [realm, BUNDLED_NAMESPACE] : BUNDLED_NAMESPACE);
}
