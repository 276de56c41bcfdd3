import { REAL_KEYCLOAK_EXCLUSIONS } from "../e2e/real-keycloak-exclusions.ts";
import { demoRealmRep } from "../../demo/server/src/seed/demo-realm.ts";
import { startKeycloakFront } from "./keycloak-front.ts";
import { showKeycloakLogOnFailure, startKeycloak, type KeycloakVariant, type RealKeycloak } from "./real-keycloak.ts";
import { adminFetch, adminToken, freePort, startTestServer, type TestServer } from "./server.ts";

/**
 * Which server the end-to-end tests run against: `KC_TARGET=keycloak` is a real Keycloak 26 (the one
 * `scripts/real-keycloak-tests.ts` started for the whole run, named by `KC_REAL_URL` with its log file in `KC_REAL_LOG`,
 * or one of the file's own), anything else the embedded server. A failing file prints the log's path and last lines.
 */
export type TargetKind = "embedded" | "keycloak";
export const targetKind = (): TargetKind => (process.env.KC_TARGET === "keycloak" ? "keycloak" : "embedded");
export const onRealKeycloak = () => targetKind() === "keycloak";

/**
 * The `skip` option of a test that uses something only the embedded server has (its demo portal's backend, its data
 * folder, a command-line flag): `it("…", { skip: embeddedOnly("the demo portal's backend") }, …)`.
 */
export const embeddedOnly = (reason: string): string | false =>
  onRealKeycloak() ? `embedded server only: ${reason}` : false;

export interface Target extends TestServer {
  kind: TargetKind;
  /** The administrator of realm master on either target. */
  admin: { username: string; password: string };
  /** On real Keycloak, its own address (no front: Keycloak's own console pages and themes). */
  keycloakUrl?: string;
}

export interface TargetOptions {
  /** The demo pages at /demo/ (on real Keycloak their static files only; their backend is the embedded server's). */
  demoPages?: boolean;
  /** The `demo` realm (default true): imported fresh on real Keycloak, replacing one an earlier file left. */
  seedDemo?: boolean;
  /** More command-line arguments of the embedded server (e.g. `--features`). */
  embeddedArgs?: string[];
  /**
   * On real Keycloak, a Keycloak of the file's own from this variant of the distribution (more features, provider
   * jars), instead of the run's shared one: made on first use, its `kc.sh build` kept in `.cache`.
   */
  keycloakVariant?: () => KeycloakVariant;
}

const ADMIN = { username: "admin", password: "admin" };

/**
 * The server an end-to-end file runs against, with the console at `${baseUrl}/admin/{realm}/console/`, the elements
 * at `/elements/`, admin/admin in master and (unless `seedDemo: false`) the demo realm as the embedded server seeds
 * it. Seed more through the admin API at `baseUrl` (see support/admin-api.ts): both targets answer it alike.
 */
export async function startTarget(options: TargetOptions = {}): Promise<Target> {
  if (!onRealKeycloak()) {
    const args = [
      ...(options.demoPages ? ["--demo-pages"] : []),
      ...(options.seedDemo === false ? ["--seed-demo", "false"] : []),
      ...(options.embeddedArgs ?? []),
    ];
    return Object.assign(await startTestServer({ args }), { kind: "embedded" as const, admin: ADMIN });
  }
  const variant = options.keycloakVariant?.();
  const own: RealKeycloak | undefined =
    process.env.KC_REAL_URL && !variant ? undefined : await startKeycloak(console.log, variant);
  const keycloakUrl = own?.url ?? process.env.KC_REAL_URL!;
  showKeycloakLogOnFailure(own?.logFile ?? process.env.KC_REAL_LOG);
  await prepareKeycloak(keycloakUrl, options.seedDemo !== false);
  const front = await startKeycloakFront(keycloakUrl, await freePort());
  const embeddedOnlyCall = (what: string) => () => {
    throw new Error(`${what} needs the embedded server (KC_TARGET=keycloak runs a real Keycloak)`);
  };
  return {
    kind: "keycloak",
    admin: ADMIN,
    keycloakUrl,
    baseUrl: front.url,
    port: front.port,
    dataDir: "",
    get process(): never {
      return embeddedOnlyCall("the server process")();
    },
    get output() {
      return own?.output() ?? "";
    },
    stop: embeddedOnlyCall("stop()"),
    kill: embeddedOnlyCall("kill()"),
    restart: embeddedOnlyCall("restart()"),
    async dispose() {
      await front.close();
      await own?.stop();
    },
  };
}

/**
 * Gets a real Keycloak ready for one test file as the embedded server starts: master's access tokens live 5 minutes
 * (the files hold one admin token for their whole run; Keycloak's own default is 1), admin/admin is a permanent
 * administrator, and a fresh `demo` realm from the embedded server's seed.
 */
export async function prepareKeycloak(keycloakUrl: string, seedDemo: boolean): Promise<void> {
  const api = adminFetch(keycloakUrl, await adminToken(keycloakUrl));
  const check = async (res: Response, what: string) => {
    if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  };
  await check(await api("/admin/realms/master", { method: "PUT", body: { accessTokenLifespan: 300 } }), "master");
  // The bootstrap admin is a permanent administrator, as the embedded server seeds it: its is_temporary_admin attribute
  // is unmanaged, so master's user profile lets unmanaged attributes be written for the moment it takes to drop it.
  const profilePath = "/admin/realms/master/users/profile";
  const profile = (await (await api(profilePath)).json()) as Record<string, unknown>;
  await check(
    await api(profilePath, { method: "PUT", body: { ...profile, unmanagedAttributePolicy: "ENABLED" } }),
    "profile",
  );
  const [admin] = (await (await api("/admin/realms/master/users?username=admin&exact=true")).json()) as {
    id: string;
    attributes?: Record<string, string[]>;
  }[];
  if (admin?.attributes?.is_temporary_admin) {
    const { is_temporary_admin: _dropped, ...attributes } = admin.attributes;
    await check(await api(`/admin/realms/master/users/${admin.id}`, { method: "PUT", body: { attributes } }), "admin");
  }
  await check(await api(profilePath, { method: "PUT", body: profile }), "profile back");
  if (!seedDemo) return;
  const existing = await api("/admin/realms/demo");
  if (existing.ok) await check(await api("/admin/realms/demo", { method: "DELETE" }), "delete demo");
  let imported = await api("/admin/realms", { method: "POST", body: demoRealmRep() });
  // A freshly started Keycloak once refused the first import with 400 "Database operation failed" and took the same
  // import a moment later: one more try (after removing whatever half-import is there) before failing the file.
  if (imported.status === 400 && (await imported.clone().text()).includes("Database operation failed")) {
    if ((await api("/admin/realms/demo")).ok) await api("/admin/realms/demo", { method: "DELETE" });
    imported = await api("/admin/realms", { method: "POST", body: demoRealmRep() });
  }
  await check(imported, "import demo");
}

/** The `skip` option of a test listed in tests/e2e/real-keycloak-exclusions.ts, when running on real Keycloak. */
export function keycloakExclusion(file: string, test: string): string | false {
  if (!onRealKeycloak()) return false;
  const entry = REAL_KEYCLOAK_EXCLUSIONS.find((e) => e.file === file && e.test === test);
  return entry ? `not yet on real Keycloak: ${entry.reason}` : false;
}
