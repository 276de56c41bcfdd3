/**
 * Our console against Keycloak's own (npm `@keycloak/keycloak-admin-ui`, built by the bench, served same-origin in
 * front of the same embedded server), on `#/demo/users`, in interleaved runs: cold (fresh browser profile, click
 * "Sign In" → first user row, bytes of the whole run including the login page) and warm (a new tab in the same
 * profile, already signed in: navigation → first user row, bytes of that tab). Then the users element alone on a
 * host page and three elements on one page.
 *
 *   node --import tsx bench/side-by-side.ts
 */
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../tests/support/browser.ts";
import { adminFetch, adminToken, startTestServer } from "../tests/support/server.ts";
import { markAdminCliAsConsoleClient } from "../tests/e2e/organizations-support.ts";
import { root } from "./bundle-size.ts";
import { median } from "./first-paint.ts";
import { meteredTab, type RowTarget } from "./page-traffic.ts";
import { ensureUpstreamBuild, serveUpstreamConsole } from "./upstream-harness.ts";
import { verdict } from "./verdicts.ts";

export const RUNS = Number(process.env.BENCH_SIDE_BY_SIDE_RUNS ?? 5);
const CONSOLE_ROUTE = "/admin/master/console/#/demo/users";
const ADMIN = { username: "admin", password: "admin" };

export interface ConsoleRun {
  coldMs: number;
  coldBytes: number;
  warmMs: number;
  warmBytes: number;
}

export interface Samples {
  coldMs: number[];
  coldBytes: number[];
  warmMs: number[];
  warmBytes: number[];
}

/**
 * One cold sign-in and one warm new tab in a fresh browser context. With `report`, a screenshot at the cold run's
 * first row (screenshots/bench-<name>-users.png) and the largest responses of both tabs.
 */
export async function runConsole(
  browser: Browser,
  origin: string,
  users: RowTarget,
  report?: { name: string },
): Promise<ConsoleRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const cold = await meteredTab(context, [users]);
    await cold.page.goto(`${origin}${CONSOLE_ROUTE}`);
    await cold.page.getByLabel("Username or email").fill(ADMIN.username);
    await cold.page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    const clicked = Date.now();
    await cold.page.getByRole("button", { name: "Sign In" }).click();
    const [coldRow] = await cold.firstRows();
    if (report) await cold.page.screenshot({ path: join(root, `screenshots/bench-${report.name}-users.png`) });
    await cold.settled();

    const warm = await meteredTab(context, [users]);
    const opened = Date.now();
    await warm.page.goto(`${origin}${CONSOLE_ROUTE}`, { waitUntil: "commit" });
    const [warmRow] = await warm.firstRows();
    await warm.settled();
    if (report && process.env.BENCH_TRAFFIC === "1")
      for (const [label, tab] of [
        ["cold", cold],
        ["warm", warm],
      ] as const)
        console.log(
          `  ${report.name} ${label}, largest responses: ` +
            tab
              .responses()
              .slice(0, 8)
              .map((response) => `${new URL(response.url).pathname} ${kb(response.bytes)}`)
              .join(", "),
        );
    return { coldMs: coldRow! - clicked, coldBytes: cold.bytes(), warmMs: warmRow! - opened, warmBytes: warm.bytes() };
  } finally {
    await context.close();
  }
}

interface HostPageRun {
  ms: number;
  bytes: number;
}

/** A host page in a fresh context: navigation → every target's first row, and the bytes until the page is quiet. */
async function runHostPage(browser: Browser, url: string, targets: RowTarget[]): Promise<HostPageRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const tab = await meteredTab(context, targets);
    const opened = Date.now();
    await tab.page.goto(url, { waitUntil: "commit" });
    const rows = await tab.firstRows();
    await tab.settled();
    return { ms: Math.max(...rows) - opened, bytes: tab.bytes() };
  } finally {
    await context.close();
  }
}

export const record = (samples: Samples, run: ConsoleRun) => {
  for (const key of Object.keys(samples) as (keyof Samples)[]) samples[key].push(run[key]);
};
export const emptySamples = (): Samples => ({ coldMs: [], coldBytes: [], warmMs: [], warmBytes: [] });
export const ms = (value: number) => `${Math.round(value)} ms`;
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
export const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;
export const list = (values: number[], unit: (value: number) => string) => values.map(unit).join(", ");

export function ratioLine(
  label: string,
  ours: number[],
  theirs: number[],
  target: number | undefined,
  unit: (value: number) => string,
  names: [string, string] = ["ours", "Keycloak"],
) {
  const ratio = median(ours) / median(theirs);
  return (
    `${label.padEnd(34)} ${names[0]} ${unit(median(ours)).padStart(9)}  ${names[1]} ${unit(median(theirs)).padStart(9)}` +
    `  ratio ${ratio.toFixed(2)}×` +
    (target === undefined ? "" : ` (target ≤ ${target}×) ${verdict(label, ratio <= target)}`)
  );
}

/** Names the admin API lists for the demo realm (on either server), so that a row counts only once it shows real data. */
export async function demoNames(baseUrl: string) {
  const api = adminFetch(baseUrl, await adminToken(baseUrl));
  const names = async (path: string, field: "username" | "name") =>
    ((await (await api(`/admin/realms/demo/${path}`)).json()) as Record<string, string>[]).map(
      (entry) => entry[field]!,
    );
  return {
    users: await names("users", "username"),
    groups: await names("groups", "name"),
    roles: await names("roles", "name"),
  };
}

export async function benchSideBySide(): Promise<void> {
  ensureUpstreamBuild();
  const server = await startTestServer({ args: ["--demo-pages"] });
  const upstream = await serveUpstreamConsole(server.baseUrl).catch(async (error: unknown) => {
    await server.dispose();
    throw error;
  });
  const browser = await launchBrowser();
  try {
    await markAdminCliAsConsoleClient(adminFetch(server.baseUrl, await adminToken(server.baseUrl)), "master");
    const names = await demoNames(server.baseUrl);
    const users: RowTarget = { host: "", texts: names.users };
    const ours = emptySamples();
    const theirs = emptySamples();
    // One unmeasured round first: the server's and the proxy's first requests are not what a user waits for.
    await runConsole(browser, server.baseUrl, users, { name: "ours" });
    await runConsole(browser, upstream.origin, users, { name: "keycloak" });
    for (let i = 0; i < RUNS; i++) {
      record(ours, await runConsole(browser, server.baseUrl, users));
      record(theirs, await runConsole(browser, upstream.origin, users));
    }
    console.log(
      `medians of ${RUNS} interleaved runs, #/demo/users, Keycloak's console from npm 26.7.4 served same-origin`,
    );
    console.log(ratioLine("cold: Sign In → first user row", ours.coldMs, theirs.coldMs, 0.5, ms));
    console.log(ratioLine("warm: new tab → first user row", ours.warmMs, theirs.warmMs, 0.5, ms));
    console.log(ratioLine("cold: bytes on the wire", ours.coldBytes, theirs.coldBytes, 0.5, mb));
    console.log(ratioLine("warm: bytes on the wire", ours.warmBytes, theirs.warmBytes, 0.1, kb));
    for (const [label, samples] of [
      ["ours", ours],
      ["Keycloak", theirs],
    ] as const)
      console.log(
        `  ${label} runs: cold ${list(samples.coldMs, ms)} / ${list(samples.coldBytes, mb)};` +
          ` warm ${list(samples.warmMs, ms)} / ${list(samples.warmBytes, kb)}`,
      );

    const pages = `${server.baseUrl}/demo/test-elements`;
    const alone: HostPageRun[] = [];
    const together: HostPageRun[] = [];
    for (let i = 0; i < RUNS; i++) {
      alone.push(await runHostPage(browser, `${pages}/users.html`, [{ host: "kc-users-admin", texts: names.users }]));
      together.push(
        await runHostPage(browser, `${pages}/three-elements.html`, [
          { host: "kc-users-admin", texts: names.users },
          { host: "kc-groups-admin", texts: names.groups },
          { host: "kc-roles-admin", texts: names.roles },
        ]),
      );
    }
    const line = (label: string, runs: HostPageRun[]) =>
      `${label.padEnd(34)} ${mb(median(runs.map((run) => run.bytes))).padStart(9)}` +
      `  navigation → first row${runs === together ? " of all three" : ""} ${ms(median(runs.map((run) => run.ms)))}`;
    console.log(line("users element alone on a host page", alone));
    console.log(line("users + groups + roles on one page", together));
  } finally {
    await browser.close();
    await upstream.stop();
    await server.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSideBySide();
