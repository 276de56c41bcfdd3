import type { AdminEnvironment } from "@keycloak/keycloak-admin-ui";
import { createInstance, type i18n } from "i18next";
import FetchBackend from "i18next-fetch-backend";
import { initReactI18next } from "react-i18next";

type MessageEntry = { key: string; value: string };

// The library's screens call react-i18next's useTranslation() but the
// package does not ship an i18next instance: the host page provides one.
// Messages come from the server, as in Keycloak:
// GET {adminBaseUrl}/resources/{realm}/admin/{lng} -> [{ key, value }, ...]
// with the login realm as the namespace.
export function createConsoleI18n(environment: AdminEnvironment): i18n {
  const base = environment.adminBaseUrl.replace(/\/+$/, "");
  const instance = createInstance({
    fallbackLng: "en",
    keySeparator: ".",
    nsSeparator: false,
    interpolation: { escapeValue: false },
    ns: [environment.realm],
    defaultNS: environment.realm,
    backend: {
      loadPath: `${base}/resources/{{ns}}/admin/{{lng}}`,
      parse: (body: string) => Object.fromEntries((JSON.parse(body) as MessageEntry[]).map((m) => [m.key, m.value])),
    },
  });
  instance.use(FetchBackend).use(initReactI18next);
  return instance;
}
