import type { Page } from "playwright-core";

/** An account of realm demo that may sign in to the demo portal. */
export const PORTAL_VISITOR = { username: "helpdesk", password: "helpdesk" };

/** Fills the demo portal's sign-in page (already open) by its labels and submits it. */
export async function fillPortalSignIn(page: Page, { username, password } = PORTAL_VISITOR): Promise<void> {
  await page.getByLabel("Username or email").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Signs the page's browser context in to the demo portal through its sign-in page, then opens `next`. */
export async function signInToPortal(page: Page, baseUrl: string, next: string): Promise<void> {
  await page.goto(`${baseUrl}/demo/sign-in/index.html?${new URLSearchParams({ next })}`);
  await fillPortalSignIn(page);
  await page.waitForURL((url) => url.pathname === next.split("?")[0]);
}
