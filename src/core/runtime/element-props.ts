/** The admin client's token provider shape, or a function returning a token. */
export type TokenProviderInput =
  | { getAccessToken(): Promise<string | undefined> | string | undefined }
  | (() => Promise<string | undefined> | string | undefined);

export type ThemeName = "light" | "dark" | "auto" | "inherit";
export type RoutingMode = "memory" | "hash" | "path";

/**
 * What the element wrapper hands to every area's React tree: the element's
 * attributes (camel-cased), its object properties, the mount container inside
 * the shadow root, and a way to emit `kc-…` events from the host element.
 */
export interface ElementBaseProps {
  serverUrl?: string;
  realm?: string;
  authRealm?: string;
  clientId?: string;
  /** OIDC scope requested at sign-in (attribute `scope`); `openid` is always added. */
  scope?: string;
  locale?: string;
  theme?: ThemeName;
  routing?: RoutingMode;
  basePath?: string;
  /** Global function name (attribute `token-provider`). */
  tokenProviderName?: string;
  /** Property: the host's token provider. */
  tokenProvider?: TokenProviderInput;
  /** Property: the host's keycloak-js instance. */
  keycloak?: unknown;
  /** The element's mount container inside its shadow root; overlays render here. */
  container: HTMLElement;
  /** The host element itself. */
  host: HTMLElement;
  /** Dispatches a bubbling, composed CustomEvent named `kc-${name}` from the host. */
  emit(name: string, detail?: unknown): void;
}

export const DEFAULT_AUTH_REALM = "master";
export const DEFAULT_CLIENT_ID = "security-admin-console";
