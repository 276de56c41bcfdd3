/** The client Keycloak's account console signs in with; every realm has it, with /realms/{realm}/account/* as redirect. */
export const ACCOUNT_CONSOLE_CLIENT = "account-console";

function randomUrlSafe(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...values))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/**
 * The sign-in the account console would start, straight to one provider (`kc_idp_hint`) and asking for a fresh
 * sign-in (`prompt=login`, which Keycloak passes on to the provider). The account console finishes it; the
 * code is never redeemed here, so the PKCE challenge (which account-console requires) has no verifier kept.
 */
export function trySignInUrl(serverUrl: string, realm: string, alias: string): string {
  const realmPath = `${serverUrl.replace(/\/$/, "")}/realms/${encodeURIComponent(realm)}`;
  const query = new URLSearchParams({
    client_id: ACCOUNT_CONSOLE_CLIENT,
    redirect_uri: `${realmPath}/account/`,
    response_type: "code",
    scope: "openid",
    state: randomUrlSafe(16),
    nonce: randomUrlSafe(16),
    code_challenge: randomUrlSafe(32),
    code_challenge_method: "S256",
    prompt: "login",
    kc_idp_hint: alias,
  });
  return `${realmPath}/protocol/openid-connect/auth?${query}`;
}
