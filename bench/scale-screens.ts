/**
 * How long the screens take to show a page of the `scale` realm once the server's answer has arrived:
 * user search results, a group's child groups (the group tree), a group's members, and a search
 * across the group tree, in headless Chromium with the standalone elements. Measured in the page, from the
 * list request's `responseEnd` (resource timing) to the animation frame in which the rows are in the
 * element's shadow root. Target: under 300 ms.
 *
 *   node --import tsx bench/scale-screens.ts
 */
import type { Page } from "playwright-core";
import { adminFetch, adminToken } from "../tests/support/server.ts";
import { launchBrowser, newPage } from "../tests/support/browser.ts";
import { median } from "./first-paint.ts";
import { SCALE_REALM, runAlone } from "./scale-server.ts";
import { ROWS_SHOWN, type Samples, record, renderAfterResponse } from "./rows-shown.ts";
import { clientsList, serviceAccountRoles } from "./scale-client-screens.ts";
import { identityProvidersList } from "./scale-identity-provider-screens.ts";
import { sessionsList } from "./scale-sessions-screens.ts";
import { eventsScreens } from "./scale-events-screens.ts";
import { authorizationScreens } from "./scale-authorization.ts";

const TARGET_MS = 300;
const SAMPLES = Number(process.env.BENCH_SCREEN_SAMPLES ?? 8);
const TIMEOUT = 30_000;
/** Who-am-I answers only clients marked as admin consoles, so the pages' tokens come from one. */
const BENCH_CLIENT = "bench-embedded-admin";
/** BENCH_SCREENS=clients,service-account runs only the named screens (users, groups, clients, service-account, identity-providers, sessions, events, authorization). */
const only = process.env.BENCH_SCREENS?.split(",").map((name) => name.trim());
const runs = (screen: string) => !only || only.includes(screen);

async function userSearch(page: Page, baseUrl: string, samples: Samples) {
  await page.goto(`${baseUrl}/demo/test-elements/users.html?realm=${SCALE_REALM}&token-client=${BENCH_CLIENT}`);
  const search = page.getByPlaceholder("Search user", { exact: true }).first();
  await search.waitFor();
  for (let i = 0; i < SAMPLES; i++) {
    const term = `user-0${10 + i}`;
    await search.fill(term);
    record(
      samples,
      "users: search results",
      await renderAfterResponse(page, "kc-users-admin", term, `search=${term}`, () => search.press("Enter")),
    );
  }
}

async function groupTree(page: Page, baseUrl: string, samples: Samples) {
  await page.goto(`${baseUrl}/demo/test-elements/groups.html?realm=${SCALE_REALM}&token-client=${BENCH_CLIENT}`);
  const tag = "kc-groups-admin";
  await page.getByRole("link", { name: "group-0000", exact: true }).waitFor();
  for (let i = 0; i < SAMPLES; i++) {
    const name = `group-${String(i).padStart(4, "0")}`;
    const openGroup = () => page.getByRole("link", { name, exact: true }).click();
    record(
      samples,
      "groups: a group's child groups",
      await renderAfterResponse(page, tag, `${name}-team-0`, "/children", openGroup),
    );
    const openMembers = () => page.getByRole("tab", { name: "Members" }).click();
    record(
      samples,
      "groups: a group's members",
      await renderAfterResponse(page, tag, "user-", "/members", openMembers),
    );
    // The top level again comes from the query cache: no request, nothing to measure.
    await page.getByRole("navigation", { name: "Group path" }).getByRole("link", { name: "Groups" }).click();
    await page.getByRole("link", { name: "group-0000", exact: true }).waitFor();
  }
  const search = page.getByPlaceholder("Search groups").first();
  for (let i = 0; i < SAMPLES; i++) {
    const term = `group-00${10 + i}-team`;
    await search.fill(term);
    record(
      samples,
      "groups: search across the tree",
      await renderAfterResponse(page, tag, `${term}-0`, `search=${term}`, () => search.press("Enter")),
    );
  }
}

/** The master realm's public client the element pages take their tokens from (who-am-I answers it). */
export async function createBenchClient(baseUrl: string): Promise<string> {
  const api = adminFetch(baseUrl, await adminToken(baseUrl));
  const created = await api("/admin/realms/master/clients", {
    method: "POST",
    body: {
      clientId: BENCH_CLIENT,
      publicClient: true,
      directAccessGrantsEnabled: true,
      standardFlowEnabled: false,
      attributes: { "security.admin.console": "true" },
    },
  });
  if (created.status !== 201 && created.status !== 409)
    throw new Error(`bench client: ${created.status} ${await created.text()}`);
  return BENCH_CLIENT;
}

/** Prints one line per screen; true when every median is within the target. */
export async function benchScaleScreens(baseUrl: string): Promise<boolean> {
  await createBenchClient(baseUrl);

  const browser = await launchBrowser();
  const samples: Samples = new Map();
  try {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await page.addInitScript({ content: ROWS_SHOWN });
    if (runs("users")) await userSearch(page, baseUrl, samples);
    if (runs("groups")) await groupTree(page, baseUrl, samples);
    if (runs("clients")) await clientsList(page, baseUrl, samples, SAMPLES);
    if (runs("service-account")) await serviceAccountRoles(page, baseUrl, samples, SAMPLES);
    if (runs("identity-providers")) await identityProvidersList(page, baseUrl, samples, SAMPLES, BENCH_CLIENT);
    if (runs("sessions")) await sessionsList(page, baseUrl, samples, SAMPLES);
    if (runs("events")) await eventsScreens(page, baseUrl, samples, SAMPLES);
    if (runs("authorization")) await authorizationScreens(page, baseUrl, samples, SAMPLES);
  } finally {
    await browser.close();
  }
  let ok = true;
  for (const [label, values] of samples) {
    const middle = median(values);
    ok &&= middle <= TARGET_MS;
    const shown = values.map((value) => Math.round(value)).join(", ");
    console.log(
      `${label.padEnd(36)} median ${middle.toFixed(0).padStart(5)} ms   max ${Math.max(...values)
        .toFixed(0)
        .padStart(5)} ms   (${shown})   ${middle <= TARGET_MS ? "ok" : "SLOW"}`,
    );
  }
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) await runAlone(benchScaleScreens);
