/** Query parameter that marks the console page loaded as keycloak-js's hidden check-sso frame. */
const SILENT_CHECK_SSO_PARAMETER = "silent-check-sso";

/** The console page's own address, marked, as keycloak-js's silentCheckSsoRedirectUri. */
export function silentCheckSsoRedirectUri(location: Location): string {
  return `${location.origin}${location.pathname}?${SILENT_CHECK_SSO_PARAMETER}`;
}

/**
 * In the hidden check-sso frame: hands the answer (the frame's address, with code or error) to the console page that
 * opened the frame and reports true, so that the page starts nothing else.
 */
export function answerSilentCheckSso(window: Window): boolean {
  const inFrame = window.parent !== window;
  if (!inFrame || !new URLSearchParams(window.location.search).has(SILENT_CHECK_SSO_PARAMETER)) return false;
  window.parent.postMessage(window.location.href, window.location.origin);
  return true;
}
