/**
 * The identity providers list of the `scale` realm (10,000 providers) as `<kc-identity-providers-admin>`: the
 * first page and a search by alias, each from the list request's response end to the rows in the shadow root,
 * with one request per page.
 */
import type { Page } from "playwright-core";
import { SCALE_REALM } from "./scale-server.ts";
import { type Samples, record, timeRows } from "./rows-shown.ts";

const TAG = "kc-identity-providers-admin";
const LIST_REQUEST = "/identity-provider/instances?";

function onePerPage(label: string, requests: number) {
  if (requests > 1) throw new Error(`${label}: ${requests} list requests for one page (expected 1)`);
}

export async function identityProvidersList(
  page: Page,
  baseUrl: string,
  samples: Samples,
  count: number,
  client: string,
) {
  await page.goto(`${baseUrl}/demo/test-elements/identity-providers.html?realm=${SCALE_REALM}&token-client=${client}`);
  const search = page.getByPlaceholder("Search for provider").first();
  await search.waitFor();
  for (let i = 0; i < count; i++) {
    const alias = `idp-0${1000 + i * 7}`;
    await search.fill(alias);
    const found = await timeRows(page, TAG, `(${alias})`, `search=${alias}`, () => search.press("Enter"));
    onePerPage("identity providers: alias search", found.requests);
    record(samples, "identity providers: alias search", found.ms);
    await search.fill("");
    const first = await timeRows(page, TAG, "(idp-00000)", LIST_REQUEST, () => search.press("Enter"));
    onePerPage("identity providers: first page", first.requests);
    record(samples, "identity providers: first page", first.ms);
  }
}
