/**
 * Test pages of <kc-groups-admin> and <kc-roles-admin>: a token provider over the password grant
 * (`token-realm`, `token-client`, `username`, `password` from the address; default: master admin
 * through admin-cli). Who-am-I answers only clients marked `security.admin.console`, so the tests
 * create such a client for the page and name it in `token-client`;
 * and a log of the element's events on `window.kcEvents`.
 */
export function passwordTokenProvider(params = new URLSearchParams(location.search)) {
  const realm = params.get("token-realm") ?? "master";
  const username = params.get("username") ?? "admin";
  const password = params.get("password") ?? "admin";
  const clientId = params.get("token-client") ?? "admin-cli";
  let cached;
  return {
    async getAccessToken() {
      if (cached && Date.now() < cached.expiresAt - 10_000) return cached.token;
      const response = await fetch(`/realms/${encodeURIComponent(realm)}/protocol/openid-connect/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "password", client_id: clientId, username, password }),
      });
      if (!response.ok) throw new Error(`Token request answered ${response.status}`);
      const body = await response.json();
      cached = { token: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
      return cached.token;
    },
  };
}

export function mountWithToken(element, eventNames) {
  const params = new URLSearchParams(location.search);
  window.kcEvents = [];
  for (const name of eventNames) document.addEventListener(name, (event) => window.kcEvents.push({ type: event.type, detail: event.detail }));
  element.setAttribute("server-url", location.origin);
  if (params.get("realm")) element.setAttribute("realm", params.get("realm"));
  element.setAttribute("auth-realm", params.get("token-realm") ?? "master");
  if (params.get("theme")) element.setAttribute("theme", params.get("theme"));
  document.documentElement.classList.toggle("dark-host", params.get("theme") === "dark");
  element.tokenProvider = passwordTokenProvider(params);
}
