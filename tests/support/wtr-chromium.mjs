// The browser of every Web Test Runner config.
import { playwrightLauncher } from "@web/test-runner-playwright";
import { chromiumLaunchOptions } from "./chromium-launch.mjs";

/**
 * Chromium through Playwright. A desktop Chromium lets a page write to the clipboard after a click without asking;
 * the headless shell refuses unless the permission is granted, so it is granted here as the desktop browser would.
 */
export function webTestRunnerChromium() {
  return playwrightLauncher({
    product: "chromium",
    launchOptions: chromiumLaunchOptions(),
    createBrowserContext: ({ browser }) => browser.newContext({ permissions: ["clipboard-write"] }),
  });
}
