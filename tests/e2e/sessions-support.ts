import assert from "node:assert/strict";
import type { Browser } from "playwright-core";
import { newPage, signIn } from "../support/browser.ts";

export interface SignedIn {
  access_token: string;
  refresh_token: string;
  session_state: string;
}

/**
 * A real authorization code sign-in in a browser context of its own: the login page by its
 * labels, then the code exchanged at the token endpoint, as an application does.
 */
export async function codeFlowSignIn(
  browser: Browser,
  baseUrl: string,
  realm: string,
  clientId: string,
  user: { username: string; password: string },
  scope = "openid",
): Promise<SignedIn> {
  const { context, page } = await newPage(browser);
  // A callback address nothing is served at: no page script runs and signs in again.
  const redirectUri = `${baseUrl}/e2e-callback`;
  const auth = new URL(`${baseUrl}/realms/${realm}/protocol/openid-connect/auth`);
  auth.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    scope,
    state: "e2e",
  }).toString();
  await page.goto(auth.toString());
  await signIn(page, user);
  await page.waitForURL((url) => url.searchParams.has("code") || url.hash.includes("code="));
  const url = new URL(page.url());
  const code = url.searchParams.get("code") ?? new URLSearchParams(url.hash.slice(1)).get("code");
  await context.close();
  const response = await fetch(`${baseUrl}/realms/${realm}/protocol/openid-connect/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      client_id: clientId,
      code: code!,
      redirect_uri: redirectUri,
    }),
  });
  assert.equal(response.status, 200, await response.clone().text());
  return (await response.json()) as SignedIn;
}

/** The status of a refresh with this refresh token (200 while its session lives). */
export async function refreshStatus(
  baseUrl: string,
  realm: string,
  clientId: string,
  refreshToken: string,
): Promise<number> {
  const response = await fetch(`${baseUrl}/realms/${realm}/protocol/openid-connect/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "refresh_token", client_id: clientId, refresh_token: refreshToken }),
  });
  await response.arrayBuffer();
  return response.status;
}
