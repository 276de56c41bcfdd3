/**
 * The sessions page of the `scale` realm (50,000 sessions) in the full console signed in as the master admin:
 * the first page, a search by username and the next page, each timed from its `ui-ext/sessions` response to the
 * rows in the shadow root, and each costing one request.
 */
import type { Page } from "playwright-core";
import { adminFetch, adminToken } from "../tests/support/server.ts";
import { SCALE_REALM } from "./scale-server.ts";
import { type Samples, record, timeRows } from "./rows-shown.ts";
import { openRoute, signedInConsole } from "./scale-client-screens.ts";

const CONSOLE_HOST = "kc-admin-console";
const LIST_REQUEST = "/ui-ext/sessions?";
const PAGE_SIZE = 10;

function oneRequest(label: string, requests: number) {
  if (requests > 1) throw new Error(`${label}: ${requests} requests for one page`);
}

export async function sessionsList(page: Page, baseUrl: string, samples: Samples, count: number) {
  const api = adminFetch(baseUrl, await adminToken(baseUrl));
  const usernameAt = async (first: number, search = "") => {
    const rows = (await (
      await api(`/admin/realms/${SCALE_REALM}/ui-ext/sessions?type=ALL&search=${search}&first=${first}&max=1`)
    ).json()) as { username: string }[];
    return rows[0]!.username;
  };
  await signedInConsole(page, baseUrl);
  console.log("  sessions: measuring");
  const firstLabel = "sessions: first page";
  const opened = await timeRows(page, CONSOLE_HOST, await usernameAt(0), LIST_REQUEST, () =>
    openRoute(page, baseUrl, "sessions"),
  );
  oneRequest(firstLabel, opened.requests);
  record(samples, firstLabel, opened.ms);
  const search = page.getByPlaceholder("Search session").first();
  await search.waitFor();
  for (let i = 0; i < count; i++) {
    // Session i of the seed belongs to user 7·i.
    const username = `user-${String(7 * (i + 3)).padStart(6, "0")}`;
    await search.fill(username);
    const found = await timeRows(page, CONSOLE_HOST, username, `search=${username}`, () => search.press("Enter"));
    oneRequest("sessions: search by username", found.requests);
    record(samples, "sessions: search by username", found.ms);
    await search.fill("");
    const first = await timeRows(page, CONSOLE_HOST, await usernameAt(0), LIST_REQUEST, () => search.press("Enter"));
    oneRequest(firstLabel, first.requests);
    record(samples, firstLabel, first.ms);
    const next = page.getByRole("button", { name: "Go to next page" }).first();
    const nextPage = await timeRows(page, CONSOLE_HOST, await usernameAt(PAGE_SIZE), LIST_REQUEST, () => next.click());
    oneRequest("sessions: next page", nextPage.requests);
    record(samples, "sessions: next page", nextPage.ms);
  }
}
