import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { adminFetch, adminToken, startTestServer, type TestServer } from "../support/server.ts";
import { authUrl, CookieJar, get, pkcePair } from "./oidc-flow.ts";
import { startSmtpSink } from "../support/smtp-sink.ts";

let server: TestServer;
let api: ReturnType<typeof adminFetch>;

before(async () => {
  server = await startTestServer();
  api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
});
after(async () => server?.dispose());

const realmOf = async (name = "demo") => (await (await api(`/admin/realms/${name}`)).json()) as Record<string, unknown>;
const putRealm = (changes: Record<string, unknown>) => api("/admin/realms/demo", { method: "PUT", body: changes });

async function loginPage(): Promise<string> {
  const { challenge } = pkcePair();
  const url = authUrl(server.baseUrl, "demo", {
    clientId: "spa",
    redirectUri: "http://127.0.0.1:9/cb",
    codeChallenge: challenge,
  });
  const response = await get(url, new CookieJar());
  assert.equal(response.status, 200);
  return response.text();
}

describe("login page and the realm's login settings", () => {
  test("links Keycloak's registration page only while the realm allows registration", async () => {
    assert.doesNotMatch(await loginPage(), /Register/);
    assert.equal((await putRealm({ registrationAllowed: true })).status, 204);
    const html = await loginPage();
    const link = /<div id="kc-registration"><span>New user\? <a href="([^"]+)">Register<\/a>/.exec(html);
    assert.ok(link, html);
    assert.match(link[1]!, /^\/realms\/demo\/login-actions\/registration\?client_id=spa&amp;tab_id=/);
    assert.equal((await putRealm({ registrationAllowed: false })).status, 204);
    assert.doesNotMatch(await loginPage(), /Register/);
  });
});

describe("PUT /admin/realms/{realm} keeps the types of the settings screens' fields", () => {
  test("booleans stay booleans, numbers stay numbers; other types are refused without a change", async () => {
    const before = await realmOf();
    for (const body of [
      { registrationAllowed: "yes" },
      { verifyEmail: { on: true } },
      { ssoSessionIdleTimeout: "half an hour" },
      { smtpServer: "smtp.example.com" },
      { browserSecurityHeaders: ["DENY"] },
      { eventsExpiration: "soon" },
      { quickLoginCheckMilliSeconds: "quick" },
    ]) {
      const response = await putRealm(body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.deepEqual(await response.json(), { error: "unknown_error", error_description: "Cannot parse the JSON" });
    }
    assert.deepEqual(await realmOf(), before);

    assert.equal(
      (
        await putRealm({
          ssoSessionIdleTimeout: "1800",
          rememberMe: "true",
          accessTokenLifespan: 120,
          quickLoginCheckMilliSeconds: "1500",
        })
      ).status,
      204,
    );
    const after = await realmOf();
    assert.equal(after.ssoSessionIdleTimeout, 1800);
    assert.equal(after.rememberMe, true);
    assert.equal(after.accessTokenLifespan, 120);
    assert.equal(after.quickLoginCheckMilliSeconds, 1500);
  });
});

describe("the realm's smtpServer secrets", () => {
  test("read as the mask, and a mask sent back keeps the stored password", async () => {
    const sink = await startSmtpSink({ users: { mailer: "s3cret" } });
    try {
      const [admin] = (await (await api("/admin/realms/master/users?username=admin&exact=true")).json()) as {
        id: string;
      }[];
      const userPath = `/admin/realms/master/users/${admin!.id}`;
      const user = (await (await api(userPath)).json()) as Record<string, unknown>;
      assert.equal((await api(userPath, { method: "PUT", body: { ...user, email: "admin@example.com" } })).status, 204);

      const smtp = sink.settings({ auth: "true", user: "mailer", password: "s3cret", fromDisplayName: "Demo" });
      assert.equal((await putRealm({ smtpServer: smtp })).status, 204);
      const shown = (await realmOf()).smtpServer as Record<string, string>;
      assert.equal(shown.password, "**********");
      assert.equal(shown.user, "mailer");

      assert.equal((await putRealm({ smtpServer: { ...shown, fromDisplayName: "Demo Mail" } })).status, 204);
      const again = (await realmOf()).smtpServer as Record<string, string>;
      assert.equal(again.fromDisplayName, "Demo Mail");
      const tested = await api("/admin/realms/demo/testSMTPConnection", { method: "POST", body: again });
      assert.equal(tested.status, 204, await tested.text());
      const mail = await sink.waitFor((message) => message.recipients.includes("admin@example.com"));
      assert.equal(mail.authUser, "mailer", "the stored password was kept");
    } finally {
      await sink.close();
    }
  });
});
