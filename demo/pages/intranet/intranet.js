/*
 * The intranet's plain script: a global function the element calls (attribute
 * token-provider="intranetToken") whenever it needs a token. The token comes from the
 * intranet's backend for a signed-in visitor (else the portal's sign-in page), reused until
 * 10 s before it expires.
 */
{
  const REFRESH_MARGIN_MS = 10_000;
  let cached;
  let pending;

  const fetchToken = async () => {
    const response = await fetch("/demo/api/portal-token");
    if (response.status === 401) {
      location.assign(`/demo/sign-in/index.html?${new URLSearchParams({ next: location.pathname })}`);
      throw new Error("Not signed in");
    }
    if (!response.ok) throw new Error(`Token endpoint answered ${response.status}`);
    const body = await response.json();
    cached = { token: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    return cached.token;
  };

  window.intranetToken = () => {
    if (cached && Date.now() < cached.expiresAt - REFRESH_MARGIN_MS) return Promise.resolve(cached.token);
    pending ??= fetchToken().finally(() => {
      pending = undefined;
    });
    return pending;
  };
}
