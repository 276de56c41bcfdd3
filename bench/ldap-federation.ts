/**
 * User federation at scale (issue 22): a throw-away OpenLDAP holding 20,000 users and 500 groups (bulk-loaded with
 * slapadd), an LDAP provider with a group mapper on a fresh embedded server, then: full sync throughput (users/s),
 * the server's memory after it, the admin search latency through the directory, and the console's user search
 * from the response to the rows in `<kc-users-admin>`. Target: the search's rows under 300 ms (median).
 *
 *   node --import tsx bench/ldap-federation.ts
 */
import { existsSync, readFileSync } from "node:fs";
import { adminFetch, adminToken, startTestServer } from "../tests/support/server.ts";
import { launchBrowser, newPage } from "../tests/support/browser.ts";
import { startLdapServer, type LdapGroup, type LdapPerson } from "../tests/support/ldap-server.ts";
import { median } from "./first-paint.ts";
import { ROWS_SHOWN, renderAfterResponse } from "./rows-shown.ts";
import { createBenchClient } from "./scale-screens.ts";

const USERS = Number(process.env.BENCH_LDAP_USERS ?? 20_000);
const GROUPS = Number(process.env.BENCH_LDAP_GROUPS ?? 500);
const SAMPLES = Number(process.env.BENCH_SCREEN_SAMPLES ?? 8);
const TARGET_MS = 300;
const REALM = "ldap-bench";

const uid = (i: number) => `person-${String(i).padStart(5, "0")}`;

function directory(): { people: LdapPerson[]; groups: LdapGroup[] } {
  const people = Array.from({ length: USERS }, (_, i) => ({
    uid: uid(i),
    password: `pass-${i}`,
    givenName: `Given${i}`,
    sn: `Family${i % 997}`,
    mail: `${uid(i)}@directory.example.org`,
  }));
  const groups = Array.from({ length: GROUPS }, (_, g) => ({
    cn: `team-${String(g).padStart(3, "0")}`,
    members: people.filter((_, i) => i % GROUPS === g).map((p) => p.uid),
  }));
  return { people, groups };
}

/** Resident memory of a process in MiB, from /proc. */
function rssMiB(pid: number | undefined): number | undefined {
  const status = pid ? `/proc/${pid}/status` : "";
  if (!status || !existsSync(status)) return undefined;
  const kib = /VmRSS:\s+(\d+)/.exec(readFileSync(status, "utf8"))?.[1];
  return kib ? Number(kib) / 1024 : undefined;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

/** Prints the federation figures; true when the console's search shows its rows within the target. */
export async function benchLdapFederation(): Promise<boolean> {
  if (!existsSync(process.env.SLAPD_PATH ?? "/usr/sbin/slapd")) {
    console.log("slapd is not installed (scripts/ensure-chromium.sh installs it): LDAP bench skipped");
    return true;
  }
  const generated = Date.now();
  const { people, groups } = directory();
  const ldap = await startLdapServer({ people, groups });
  console.log(`directory: ${USERS} users, ${GROUPS} groups generated and loaded in ${Date.now() - generated} ms`);
  const server = await startTestServer({ args: ["--seed-demo", "false", "--demo-pages"] });
  const browser = await launchBrowser();
  try {
    const api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    const ok = async (res: Promise<Response>, what: string) => {
      const response = await res;
      if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
      return response;
    };
    await ok(api("/admin/realms", { method: "POST", body: { realm: REALM, enabled: true } }), "realm");
    const created = await ok(
      api(`/admin/realms/${REALM}/components`, {
        method: "POST",
        body: {
          name: "directory",
          providerId: "ldap",
          providerType: "org.keycloak.storage.UserStorageProvider",
          config: {
            vendor: ["other"],
            editMode: ["READ_ONLY"],
            connectionUrl: [ldap.url],
            bindDn: [ldap.bindDn],
            bindCredential: [ldap.bindCredential],
            usersDn: [ldap.usersDn],
            usernameLDAPAttribute: ["uid"],
            rdnLDAPAttribute: ["uid"],
            uuidLDAPAttribute: ["entryUUID"],
            userObjectClasses: ["inetOrgPerson, organizationalPerson"],
            pagination: ["true"],
            batchSizeForSync: ["1000"],
            importEnabled: ["true"],
          },
        },
      }),
      "provider",
    );
    const id = created.headers.get("location")!.split("/").pop()!;
    await ok(
      api(`/admin/realms/${REALM}/components`, {
        method: "POST",
        body: {
          name: "groups",
          providerId: "group-ldap-mapper",
          providerType: "org.keycloak.storage.ldap.mappers.LDAPStorageMapper",
          parentId: id,
          config: { "groups.dn": [ldap.groupsDn], "membership.ldap.attribute": ["member"], mode: ["READ_ONLY"] },
        },
      }),
      "group mapper",
    );
    const before = rssMiB(server.process.pid);
    const sync = async (action: string) => {
      const started = performance.now();
      const res = await ok(
        api(`/admin/realms/${REALM}/user-storage/${id}/sync?action=${action}`, { method: "POST" }),
        action,
      );
      const ms = performance.now() - started;
      const result = (await res.json()) as { added: number; updated: number; failed: number };
      const users = result.added + result.updated;
      console.log(
        `${action.padEnd(24)} ${users} users (${result.added} added, ${result.updated} updated, ${result.failed} failed) in ${(ms / 1000).toFixed(1)} s: ${Math.round(users / (ms / 1000))} users/s`,
      );
    };
    await sync("triggerFullSync");
    const after = rssMiB(server.process.pid);
    await sync("triggerFullSync");
    await sync("triggerChangedUsersSync");
    if (after !== undefined)
      console.log(
        `server memory (RSS): ${before?.toFixed(0) ?? "?"} MiB before the sync, ${after.toFixed(0)} MiB after it, ${rssMiB(server.process.pid)?.toFixed(0) ?? "?"} MiB after three`,
      );
    // Repeated full syncs should not grow the server: each one's RSS, to see a leak as a rising series.
    const series: string[] = [];
    for (let i = 0; i < Number(process.env.BENCH_LDAP_REPEATED_SYNCS ?? 5); i++) {
      await sync("triggerFullSync");
      series.push(rssMiB(server.process.pid)?.toFixed(0) ?? "?");
    }
    if (series.length)
      console.log(`server memory (RSS) after each of ${series.length} more full syncs: ${series.join(", ")} MiB`);

    const times: number[] = [];
    for (let i = 0; i < 40; i++) {
      const started = performance.now();
      await ok(api(`/admin/realms/${REALM}/users?search=${uid((i * 487) % USERS)}&first=0&max=20`), "search");
      times.push(performance.now() - started);
    }
    console.log(
      `admin search through the directory        median ${percentile(times, 0.5).toFixed(1)} ms   p95 ${percentile(times, 0.95).toFixed(1)} ms`,
    );

    const client = await createBenchClient(server.baseUrl);
    const { page } = await newPage(browser);
    page.setDefaultTimeout(30_000);
    await page.addInitScript({ content: ROWS_SHOWN });
    await page.goto(`${server.baseUrl}/demo/test-elements/users.html?realm=${REALM}&token-client=${client}`);
    const shown: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const term = uid((i * 1_231 + 7) % USERS);
      const search = page.getByPlaceholder("Search user", { exact: true }).first();
      await search.fill(term);
      const ms = await renderAfterResponse(page, "kc-users-admin", term, `search=${term}`, () => search.press("Enter"));
      if (ms !== undefined) shown.push(ms);
    }
    const middle = median(shown);
    console.log(
      `console user search: rows shown          median ${middle.toFixed(0)} ms   max ${Math.max(...shown).toFixed(0)} ms   (${shown.map(Math.round).join(", ")})   ${middle <= TARGET_MS ? "ok" : "SLOW"}`,
    );
    return middle <= TARGET_MS;
  } finally {
    await browser.close();
    await server.dispose();
    await ldap.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit((await benchLdapFederation()) ? 0 : 1);
