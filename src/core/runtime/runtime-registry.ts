import { QueryClient } from "@tanstack/react-query";
import { resolveAuthSession } from "../auth/resolve-auth-session.ts";
import { createAdminClient } from "../api/admin-client.ts";
import { createI18n } from "../i18n/create-i18n.ts";
import { DEFAULT_AUTH_REALM, DEFAULT_CLIENT_ID, type ElementBaseProps } from "./element-props.ts";
import type { Runtime } from "./runtime.ts";

type RuntimeInput = Pick<
  ElementBaseProps,
  "serverUrl" | "authRealm" | "clientId" | "scope" | "tokenProvider" | "tokenProviderName" | "keycloak"
>;

const runtimes = new Map<string, Promise<Runtime>>();
const objectIds = new WeakMap<object, number>();
let nextObjectId = 1;

function identityOf(value: unknown): string {
  if ((typeof value !== "object" && typeof value !== "function") || value === null) return "";
  let id = objectIds.get(value);
  if (!id) objectIds.set(value, (id = nextObjectId++));
  return String(id);
}

function defaultServerUrl(): string {
  return typeof location === "undefined" ? "" : location.origin;
}

/** The settings an element resolves to, with defaults applied. */
export function runtimeSettings(props: RuntimeInput) {
  return {
    serverUrl: (props.serverUrl || defaultServerUrl()).replace(/\/$/, ""),
    authRealm: props.authRealm || DEFAULT_AUTH_REALM,
    clientId: props.clientId || DEFAULT_CLIENT_ID,
  };
}

/** Key shared by elements that use the same server, sign-in realm, client and token source. */
export function runtimeKey(props: RuntimeInput): string {
  const { serverUrl, authRealm, clientId } = runtimeSettings(props);
  const source = props.keycloak
    ? `keycloak#${identityOf(props.keycloak)}`
    : props.tokenProvider
      ? `provider#${identityOf(props.tokenProvider)}`
      : props.tokenProviderName
        ? `global:${props.tokenProviderName}`
        : "sign-in";
  return JSON.stringify([serverUrl, authRealm, clientId, source]);
}

async function createRuntime(props: RuntimeInput): Promise<Runtime> {
  const settings = runtimeSettings(props);
  const [auth, i18n] = await Promise.all([
    resolveAuthSession(props, { ...settings, scope: props.scope }),
    createI18n(settings.serverUrl),
  ]);
  return {
    ...settings,
    auth,
    adminClient: createAdminClient(settings.serverUrl, settings.authRealm, auth),
    queryClient: new QueryClient({
      defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
    }),
    i18n,
  };
}

/** ONE runtime per key on the page; a failed start is forgotten so a later element can try again. */
export function getRuntime(props: RuntimeInput): Promise<Runtime> {
  const key = runtimeKey(props);
  let runtime = runtimes.get(key);
  if (!runtime) {
    runtime = createRuntime(props);
    runtimes.set(key, runtime);
    runtime.catch(() => runtimes.delete(key));
  }
  return runtime;
}

/** For tests. */
export function forgetRuntimes(): void {
  runtimes.clear();
}
