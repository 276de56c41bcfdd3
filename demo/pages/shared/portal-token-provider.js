import { goToSignIn } from "./portal-session.js";

/**
 * A token provider over the product backend's own endpoint (/demo/api/portal-token): the
 * page never holds a client secret, and the backend answers only a signed-in portal session
 * (without one the visitor is sent to the portal's sign-in page). Reuses a token until 10 s
 * before it expires and shares one request between concurrent callers.
 */
const REFRESH_MARGIN_MS = 10_000;

export function createPortalTokenProvider(endpoint = "/demo/api/portal-token") {
  let cached;
  let pending;

  async function fetchToken() {
    const response = await fetch(endpoint, { headers: { accept: "application/json" } });
    if (response.status === 401) {
      goToSignIn();
      throw new Error("Not signed in to the portal");
    }
    if (!response.ok) throw new Error(`Portal token endpoint answered ${response.status}`);
    const { access_token: token, expires_in: expiresIn } = await response.json();
    cached = { token, expiresAt: Date.now() + expiresIn * 1000 };
    return token;
  }

  return {
    async getAccessToken() {
      if (cached && Date.now() < cached.expiresAt - REFRESH_MARGIN_MS) return cached.token;
      pending ??= fetchToken().finally(() => {
        pending = undefined;
      });
      return pending;
    },
  };
}
