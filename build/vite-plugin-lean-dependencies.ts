import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

const STUBBED_CLIENTS_V2 = "\0kc-admin-client-clients-v2";

/**
 * Two dependency choices for the product build:
 * - react-router's package exports point every bundler at its development build; the production one lacks the
 *   development checks and warnings.
 * - @keycloak/keycloak-admin-client constructs its experimental clients v2 API (Kiota, OpenTelemetry: about 85 KB
 *   minified) in every client, though it only answers with `enableExperimentalApis`, which the console never sets.
 *   Its module is replaced by a class whose `api()` says so.
 */
export function leanDependencies(root: string): Plugin {
  const require = createRequire(path.join(root, "package.json"));
  const reactRouterPackage = path.dirname(require.resolve("react-router/package.json"));
  const reactRouterProduction = path.join(reactRouterPackage, "dist/production/index.mjs");
  return {
    name: "kc-lean-dependencies",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "react-router") return reactRouterProduction;
      if (source === "./clientsV2.js" && importer?.includes(`@keycloak${path.sep}keycloak-admin-client`))
        return STUBBED_CLIENTS_V2;
      return undefined;
    },
    load(id) {
      if (id !== STUBBED_CLIENTS_V2) return undefined;
      return `export class ClientsV2 {
  api() {
    throw new Error("The clients v2 API (experimental) is not part of this build.");
  }
}`;
    },
  };
}
