/**
 * Test pages only: a token provider over the password grant (`token-realm`, `token-client`, `username`,
 * `password` from the page address; default: the master admin through admin-cli), a log of the element's
 * events on `window.kcEvents`, and the attributes every test page sets from its address
 * (`realm`, `theme`, `provider-after`). Who-am-I answers only clients marked `security.admin.console`, so tests that
 * need another realm's access create such a client and name it in `token-client`.
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

/** Keeps every `kc-…` event of the given names that the page sees, for the tests to read. */
export function recordElementEvents(names) {
  const seen = (window.kcEvents = []);
  for (const name of names)
    document.addEventListener(name, (event) => seen.push({ type: event.type, detail: event.detail }));
}

/**
 * Sets the element's server, realms and theme from the page address and gives it `tokenProvider`
 * (the password grant unless another provider is passed). Returns the theme asked for, if any.
 */
export function mountWithToken(element, eventNames, tokenProvider) {
  const params = new URLSearchParams(location.search);
  recordElementEvents(eventNames);
  element.setAttribute("server-url", location.origin);
  if (params.get("realm")) element.setAttribute("realm", params.get("realm"));
  element.setAttribute("auth-realm", params.get("token-realm") ?? "master");
  const theme = params.get("theme");
  if (theme) element.setAttribute("theme", theme);
  const provider = tokenProvider ?? passwordTokenProvider(params);
  // `provider-after=MS`: hand the provider over that long after the element is defined, as a framework's effect does.
  const delay = params.get("provider-after");
  if (delay === null) element.tokenProvider = provider;
  else
    customElements
      .whenDefined(element.localName)
      .then(() => setTimeout(() => (element.tokenProvider = provider), Number(delay)));
  return theme;
}
