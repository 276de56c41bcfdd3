import type { BackendModule, ReadCallback } from "i18next";

/** The bundled texts' namespace; every other namespace is a realm name holding the server's bundle for it. */
export const BUNDLED_NAMESPACE = "translation";
export const FALLBACK_LANGUAGE = "dev";

type Fetcher = (url: string) => Promise<Response>;

/** Answers worth another try: the server is busy or failing, not refusing. */
const isTransient = (status: number) => status === 408 || status === 429 || status >= 500;

/**
 * Loads the server's message bundle for a realm from `${serverUrl}/resources/${realm}/admin/${lng}` (a list of
 * {key, value}: Keycloak's admin messages merged with the realm's texts). A busy or failing server is retried
 * (i18next: up to 5 times from 350 ms, doubling, at most 10 reads in flight). A refused request (another origin
 * without CORS, offline, 4xx) is not: retrying cannot help, and the bundled English stays.
 */
export function realmOverridesBackend(serverUrl: string, fetcher: Fetcher = (url) => fetch(url)): BackendModule {
  return {
    type: "backend",
    callbackApi: true,
    init: () => undefined,
    read(language: string, namespace: string, callback: ReadCallback) {
      if (namespace === BUNDLED_NAMESPACE || language === FALLBACK_LANGUAGE || language === "cimode") {
        callback(null, {});
        return;
      }
      const url = `${serverUrl.replace(/\/$/, "")}/resources/${encodeURIComponent(namespace)}/admin/${encodeURIComponent(language)}`;
      fetcher(url)
        .then(async (response) => {
          if (!response.ok) return callback(new Error(`${url}: ${response.status}`), isTransient(response.status));
          const entries = (await response.json()) as { key: string; value: string }[];
          callback(null, Object.fromEntries(entries.map(({ key, value }) => [key, value])));
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false));
    },
  } as BackendModule & { callbackApi: boolean };
}
