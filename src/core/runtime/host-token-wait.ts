import { useEffect, useState } from "react";
import { signInStarted } from "../auth/sign-in-registry.ts";
import type { ElementBaseProps } from "./element-props.ts";
import { runtimeSettings } from "./runtime-registry.ts";

/**
 * How long an element without a token source waits before it signs in by itself. Frameworks
 * create and append the element first and set `tokenProvider` in an effect a moment later; the
 * element's own sign-in would navigate the page away, so it gives the host this long.
 */
export const HOST_TOKEN_GRACE_MS = 250;

/** True when the address is keycloak-js coming back from the login page: signing in goes on at once. */
export function returningFromSignIn(href: string = location.href): boolean {
  const url = new URL(href);
  const fragment = new URLSearchParams(url.hash.slice(1));
  return [url.searchParams, fragment].some(
    (params) => params.has("state") && (params.has("code") || params.has("error")),
  );
}

type TokenSourceProps = Pick<
  ElementBaseProps,
  "keycloak" | "tokenProvider" | "tokenProviderName" | "serverUrl" | "clientId" | "authRealm" | "scope"
>;

/** The host hands tokens over: a keycloak-js instance, a provider property, or a global function's name. */
export const hasHostTokenSource = (props: TokenSourceProps) =>
  Boolean(props.keycloak || props.tokenProvider || props.tokenProviderName);

/**
 * Whether the element's own sign-in can work here: with the default client (security-admin-console,
 * whose redirect addresses are the server's own console pages) only on the server's origin; with a
 * `client-id` the host chose, anywhere.
 */
export function ownSignInPossible(props: TokenSourceProps, pageOrigin: string = location.origin): boolean {
  if (props.clientId) return true;
  if (!props.serverUrl) return true;
  try {
    return new URL(props.serverUrl, pageOrigin).origin === pageOrigin;
  } catch {
    return false;
  }
}

/** The page itself already signs in with the element's settings (the console page does, before its element loads). */
export function pageSignInUnderway(props: TokenSourceProps): boolean {
  const { serverUrl, authRealm, clientId } = runtimeSettings(props);
  return signInStarted({ serverUrl, realm: authRealm, clientId, scope: props.scope });
}

/**
 * Whether the element may start with the token source it has now. A host source starts at once.
 * The element waits for the host however long it takes when an empty `token-provider` attribute
 * says the host will set `tokenProvider`, or when its own sign-in could not work on this page
 * (another origin than the server's, no `client-id`). Otherwise its own sign-in starts after the
 * grace period (at once when returning from the login page, or when the page already signs in with the same settings).
 */
export function useTokenSourceReady(props: TokenSourceProps): boolean {
  const hostSource = hasHostTokenSource(props);
  const awaitsProperty = props.tokenProviderName === "" || !ownSignInPossible(props);
  const [graceOver, setGraceOver] = useState(
    () => typeof location !== "undefined" && (returningFromSignIn() || pageSignInUnderway(props)),
  );
  useEffect(() => {
    if (graceOver || hostSource || awaitsProperty) return;
    const timer = setTimeout(() => setGraceOver(true), HOST_TOKEN_GRACE_MS);
    return () => clearTimeout(timer);
  }, [graceOver, hostSource, awaitsProperty]);
  return hostSource || (graceOver && !awaitsProperty);
}
