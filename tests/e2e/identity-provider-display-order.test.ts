import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser } from "playwright-core";
import { adminFetch, adminToken } from "../support/server.ts";
import { startTarget, type Target } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { expectStatus, unreachableOidcProvider } from "../support/partner-realm.ts";
import { withFailureShot } from "./organizations-support.ts";

const TIMEOUT = STEP_TIMEOUT;
const IDPS = "/admin/realms/demo/identity-provider/instances";
/** Past the dialog's page of 100: it reads the rest page by page. */
const PROVIDERS = 150;
const alias = (index: number) => `order-${String(index).padStart(3, "0")}`;

describe("display order past 100 providers", () => {
  let server: Target;
  let browser: Browser;
  let api: ReturnType<typeof adminFetch>;

  before(async () => {
    server = await startTarget();
    browser = await launchBrowser();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    for (let index = 0; index < PROVIDERS; index++)
      await expectStatus(
        api(IDPS, {
          method: "POST",
          body: unreachableOidcProvider(alias(index), { guiOrder: String(index) }),
        }),
      );
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it("orders all 150 providers, read a page of 100 at a time, and saves the move of the last one", async () => {
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    const reads: URL[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (request.method() === "GET" && url.pathname.endsWith(IDPS)) reads.push(url);
    });
    await withFailureShot(page, "idp-display-order-150", async () => {
      await page.goto(`${server.baseUrl}/admin/master/console/#/demo/identity-providers`);
      await signIn(page, server.admin);
      await page.getByRole("button", { name: "Manage display order" }).click();
      const dialog = page.getByRole("dialog", { name: "Manage display order" });
      const last = dialog.getByRole("button", { name: `Move ${alias(PROVIDERS - 1)} up` });
      await last.waitFor();
      assert.equal(await dialog.getByRole("button", { name: /^Move order-\d+ up$/ }).count(), PROVIDERS);
      const dialogReads = reads.filter((url) => url.searchParams.has("realmOnly"));
      assert.ok(dialogReads.length >= 2, "more than one page");
      for (const url of dialogReads) assert.ok(Number(url.searchParams.get("max")) <= 100, `a page: ${url}`);

      await last.focus();
      await page.keyboard.press("Enter");
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.waitFor({ state: "detached" });
      const guiOrder = async (name: string) =>
        ((await (await api(`${IDPS}/${name}`)).json()) as { config: Record<string, string> }).config.guiOrder;
      assert.deepEqual(
        [await guiOrder(alias(PROVIDERS - 1)), await guiOrder(alias(PROVIDERS - 2)), await guiOrder(alias(0))],
        [String(PROVIDERS - 2), String(PROVIDERS - 1), "0"],
      );
    });
    await context.close();
  });
});
