import type { BackendModule, ReadCallback } from "i18next";

/** The bundled texts' namespace; every other namespace is a realm name holding its overrides. */
export const BUNDLED_NAMESPACE = "translation";
export const FALLBACK_LANGUAGE = "dev";

type Fetcher = (url: string) => Promise<Response>;

/**
 * Loads realm overrides from `${serverUrl}/resources/${realm}/admin/${lng}` (a
 * list of {key, value}). Failures ask i18next to retry (it retries up to 5
 * times from 350 ms, doubling, with at most 10 reads in flight).
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
          if (response.status === 404) return callback(null, {});
          if (!response.ok) return callback(new Error(`${url}: ${response.status}`), true);
          const entries = (await response.json()) as { key: string; value: string }[];
          callback(null, Object.fromEntries(entries.map(({ key, value }) => [key, value])));
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true));
    },
  } as BackendModule & { callbackApi: boolean };
}
