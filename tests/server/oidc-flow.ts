import { createHash, randomBytes } from "node:crypto";

/** A minimal cookie jar for driving the login pages with fetch. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /max-age=0/i.test(a.trim())) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

export function pkcePair() {
  const verifier = randomBytes(48).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export interface AuthParams {
  clientId: string;
  redirectUri: string;
  scope?: string;
  state?: string;
  nonce?: string;
  codeChallenge?: string;
  prompt?: string;
  responseMode?: string;
}

export function authUrl(baseUrl: string, realm: string, p: AuthParams): string {
  const query = new URLSearchParams({
    client_id: p.clientId,
    redirect_uri: p.redirectUri,
    response_type: "code",
    scope: p.scope ?? "openid",
  });
  if (p.state) query.set("state", p.state);
  if (p.nonce) query.set("nonce", p.nonce);
  if (p.codeChallenge) {
    query.set("code_challenge", p.codeChallenge);
    query.set("code_challenge_method", "S256");
  }
  if (p.prompt) query.set("prompt", p.prompt);
  if (p.responseMode) query.set("response_mode", p.responseMode);
  return `${baseUrl}/realms/${realm}/protocol/openid-connect/auth?${query}`;
}

export async function get(url: string, jar: CookieJar): Promise<Response> {
  const res = await fetch(url, { redirect: "manual", headers: { cookie: jar.header() } });
  jar.store(res);
  return res;
}

export function formAction(html: string, baseUrl: string): string {
  // Keycloak's own login form has other attributes between its id and its action.
  const action = /<form\b[^>]*\bid="kc-form-login"[^>]*\baction="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no login form in:\n${html}`);
  return new URL(action.replace(/&amp;/g, "&"), baseUrl).toString();
}

async function postLoginForm(baseUrl: string, html: string, jar: CookieJar, fields: Record<string, string>) {
  const res = await fetch(formAction(html, baseUrl), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
    body: new URLSearchParams(fields),
  });
  jar.store(res);
  return res;
}

export const asksForPassword = (html: string) => /<input[^>]*\bname="password"/.test(html);

/**
 * Signs in as a person would on the page given: one form with both fields, or, where the realm has organizations
 * (identity-first, as Keycloak's organization step), the username first and then the password on the page it answers.
 */
export async function submitLogin(
  baseUrl: string,
  html: string,
  jar: CookieJar,
  username: string,
  password: string,
): Promise<Response> {
  if (asksForPassword(html)) return postLoginForm(baseUrl, html, jar, { username, password });
  const identified = await postLoginForm(baseUrl, html, jar, { username });
  if (identified.status !== 200) return identified;
  const page = await identified.text();
  if (!asksForPassword(page)) return new Response(page, { status: 200, headers: identified.headers });
  return postLoginForm(baseUrl, page, jar, { password });
}

/** Runs the code flow through the login form; returns the redirect's query parameters. */
export async function browserLogin(
  baseUrl: string,
  realm: string,
  params: AuthParams,
  username: string,
  password: string,
  jar = new CookieJar(),
) {
  const page = await get(authUrl(baseUrl, realm, params), jar);
  if (page.status !== 200) throw new Error(`auth page answered ${page.status}: ${await page.text()}`);
  const res = await submitLogin(baseUrl, await page.text(), jar, username, password);
  if (res.status !== 302) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  const location = new URL(res.headers.get("location")!);
  return { jar, location, query: location.searchParams };
}

export async function exchangeCode(baseUrl: string, realm: string, form: Record<string, string>) {
  const res = await fetch(`${baseUrl}/realms/${realm}/protocol/openid-connect/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "authorization_code", ...form }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A security-admin-console token obtained as the console does (code flow with PKCE). */
export async function consoleToken(
  baseUrl: string,
  realm: string,
  username: string,
  password: string,
): Promise<string> {
  const { verifier, challenge } = pkcePair();
  const redirectUri = `${baseUrl}/admin/${realm}/console/`;
  const { query } = await browserLogin(
    baseUrl,
    realm,
    { clientId: "security-admin-console", redirectUri, codeChallenge: challenge },
    username,
    password,
  );
  const { status, body } = await exchangeCode(baseUrl, realm, {
    client_id: "security-admin-console",
    code: query.get("code")!,
    redirect_uri: redirectUri,
    code_verifier: verifier,
  });
  if (status !== 200) throw new Error(`code exchange failed: ${JSON.stringify(body)}`);
  return body.access_token as string;
}
