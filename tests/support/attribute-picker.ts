import assert from "node:assert/strict";
import type { Page } from "playwright-core";

/**
 * Fills a user-profile attribute picker (a `UserProfileAttributeList` setting) with a typed attribute name, as a
 * user does: opens it, checks that the realm's profile attributes are offered, types the name and clicks the
 * 'Use "name"' option.
 */
export async function typeProfileAttribute(page: Page, label: string, name: string): Promise<void> {
  const picker = page.getByRole("combobox", { name: label });
  await picker.click();
  await page.getByRole("option", { name: "email", exact: true }).waitFor();
  await picker.fill(name);
  const typed = page.getByRole("option", { name: `Use "${name}"` });
  await typed.click();
  await typed.waitFor({ state: "detached" });
  assert.equal(await picker.inputValue(), name);
}
