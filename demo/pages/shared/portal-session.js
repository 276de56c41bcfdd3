/**
 * The portal's own session with its backend (an HttpOnly cookie the page never reads): who is
 * signed in, signing out, and the way to the sign-in page that brings the visitor back here.
 */
const SESSION_ENDPOINT = "/demo/api/portal-session";
const SIGN_IN_PAGE = "/demo/sign-in/index.html";

/** Leaves for the sign-in page; it returns to the current address afterwards. */
export function goToSignIn() {
  const next = location.pathname + location.search + location.hash;
  location.assign(`${SIGN_IN_PAGE}?${new URLSearchParams({ next })}`);
}

/** The signed-in visitor's user name, or undefined. */
export async function portalUser() {
  const response = await fetch(SESSION_ENDPOINT, { headers: { accept: "application/json" } });
  if (!response.ok) return undefined;
  return (await response.json()).username;
}

export async function signOut() {
  await fetch(SESSION_ENDPOINT, { method: "DELETE" });
  goToSignIn();
}
