/**
 * Test pages only: a token provider over the password grant of a realm's admin-cli client.
 * Reads `token-realm`, `username` and `password` from the page address (defaults: master admin).
 */
export function passwordGrantTokenProvider(params = new URLSearchParams(location.search)) {
  const realm = params.get("token-realm") ?? "master";
  const username = params.get("username") ?? "admin";
  const password = params.get("password") ?? "admin";
  let cached;
  return {
    async getAccessToken() {
      if (cached && Date.now() < cached.expiresAt - 10_000) return cached.token;
      const response = await fetch(`/realms/${encodeURIComponent(realm)}/protocol/openid-connect/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "password", client_id: "admin-cli", username, password }),
      });
      if (!response.ok) throw new Error(`Token request answered ${response.status}`);
      const body = await response.json();
      cached = { token: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
      return cached.token;
    },
  };
}

/** Keeps every `kc-…` event the page sees, for the tests to read. */
export function recordElementEvents(names) {
  const seen = (window.kcEvents = []);
  for (const name of names) document.addEventListener(name, (event) => seen.push({ type: event.type, detail: event.detail }));
}
