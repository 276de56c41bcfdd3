import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  createRealm,
  completeProfile,
  createUser,
  createClient,
  json,
  startAdminServer,
  type Api,
} from "../support/admin-api.ts";
import type { TestServer } from "../support/server.ts";
import { authUrl, CookieJar, get, submitLogin } from "./oidc-flow.ts";
import { errorText, postForm } from "./login-forms.ts";
import { hashPassword } from "../../demo/server/src/access/passwords.ts";

const REALM = "policy";
const base = `/admin/realms/${REALM}`;
const refusal = (error: string, description: string) => ({ error, error_description: description });

describe("password policy wherever a password is set", () => {
  let server: TestServer;
  let api: Api;

  before(async () => {
    ({ server, api } = await startAdminServer());
    await createRealm(api, REALM, { passwordPolicy: "length(12) and passwordHistory(2)" });
  });
  after(() => server.dispose());

  const reset = (id: string, value: string, temporary = false) =>
    api(`${base}/users/${id}/reset-password`, { method: "PUT", body: { type: "password", value, temporary } });

  test("reset-password with length(12): 400 with Keycloak's key and text; a long one is taken", async () => {
    const id = await createUser(api, REALM, "shorty");
    const res = await reset(id, "short-pw");
    assert.equal(res.status, 400);
    assert.deepEqual(
      await res.json(),
      refusal("invalidPasswordMinLengthMessage", "Invalid password: minimum length 12."),
    );
    assert.equal((await reset(id, "long-enough-password")).status, 204);
  });

  test("user create with a password credential that breaks the policy is refused and creates nobody", async () => {
    const res = await api(`${base}/users`, {
      method: "POST",
      body: { username: "newbie", enabled: true, credentials: [{ type: "password", value: "tiny", temporary: false }] },
    });
    assert.equal(res.status, 400);
    assert.deepEqual(
      await res.json(),
      refusal("invalidPasswordMinLengthMessage", "Invalid password: minimum length 12."),
    );
    assert.deepEqual(await json(await api(`${base}/users?username=newbie&exact=true`)), []);
    const ok = await api(`${base}/users`, {
      method: "POST",
      body: { username: "newbie", enabled: true, credentials: [{ type: "password", value: "a-fine-long-password" }] },
    });
    assert.equal(ok.status, 201);
  });

  test("passwordHistory(2): the current and the previous password are refused; history is not listed", async () => {
    const id = await createUser(api, REALM, "historian");
    assert.equal((await reset(id, "first-password-1")).status, 204);
    assert.equal((await reset(id, "second-password-2")).status, 204);
    for (const again of ["first-password-1", "second-password-2"]) {
      const res = await reset(id, again);
      assert.equal(res.status, 400);
      assert.deepEqual(
        await res.json(),
        refusal("invalidPasswordHistoryMessage", "Invalid password: must not be equal to any of last 2 passwords."),
      );
    }
    assert.equal((await reset(id, "third-password-3")).status, 204);
    assert.equal((await reset(id, "first-password-1")).status, 204, "only the last two are remembered");
    const credentials = await json<{ type: string }[]>(await api(`${base}/users/${id}/credentials`));
    assert.deepEqual(
      credentials.map((c) => c.type),
      ["password"],
    );
  });

  test("every common policy answers with its own message", async () => {
    const id = await createUser(api, REALM, "checker", { email: "checker@example.com" });
    const cases: [string, string, string, string][] = [
      ["maxLength(5)", "toolongpassword", "invalidPasswordMaxLengthMessage", "Invalid password: maximum length 5."],
      [
        "digits(2)",
        "abc1",
        "invalidPasswordMinDigitsMessage",
        "Invalid password: must contain at least 2 numerical digits.",
      ],
      [
        "lowerCase(2)",
        "ABCd",
        "invalidPasswordMinLowerCaseCharsMessage",
        "Invalid password: must contain at least 2 lower case characters.",
      ],
      [
        "upperCase",
        "abcd",
        "invalidPasswordMinUpperCaseCharsMessage",
        "Invalid password: must contain at least 1 upper case characters.",
      ],
      [
        "specialChars(2)",
        "abc!",
        "invalidPasswordMinSpecialCharsMessage",
        "Invalid password: must contain at least 2 special characters.",
      ],
      [
        "notUsername",
        "checker",
        "invalidPasswordNotUsernameMessage",
        "Invalid password: must not be equal to the username.",
      ],
      [
        "notEmail",
        "checker@example.com",
        "invalidPasswordNotEmailMessage",
        "Invalid password: must not be equal to the email.",
      ],
      [
        "regexPattern(^[a-z]+$)",
        "abc1",
        "invalidPasswordRegexPatternMessage",
        "Invalid password: fails to match regex pattern(s).",
      ],
    ];
    for (const [policy, password, key, text] of cases) {
      assert.equal((await api(base, { method: "PUT", body: { passwordPolicy: policy } })).status, 204, policy);
      const res = await reset(id, password);
      assert.equal(res.status, 400, policy);
      assert.deepEqual(await res.json(), refusal(key, text), policy);
    }
    assert.equal((await api(base, { method: "PUT", body: { passwordPolicy: "length(12)" } })).status, 204);
  });

  test("the login's update-password page refuses a password the policy refuses, with Keycloak's text", async () => {
    await createClient(api, REALM, {
      clientId: "app",
      publicClient: true,
      redirectUris: ["http://app.example/*"],
    });
    const id = await createUser(api, REALM, "temp", completeProfile("temp"));
    assert.equal((await reset(id, "temporary-password", true)).status, 204);
    const jar = new CookieJar();
    const page = await get(
      authUrl(server.baseUrl, REALM, { clientId: "app", redirectUri: "http://app.example/" }),
      jar,
    );
    const update = await submitLogin(server.baseUrl, await page.text(), jar, "temp", "temporary-password");
    const updateHtml = await update.text();
    assert.match(updateHtml, /Update password/);
    const refused = await postForm(
      server.baseUrl,
      updateHtml,
      "kc-passwd-update-form",
      { "password-new": "short", "password-confirm": "short" },
      jar,
    );
    const refusedHtml = await refused.text();
    assert.equal(errorText(refusedHtml), "Invalid password: minimum length 12.");
    const done = await postForm(
      server.baseUrl,
      refusedHtml,
      "kc-passwd-update-form",
      { "password-new": "a-new-long-password", "password-confirm": "a-new-long-password" },
      jar,
    );
    assert.equal(done.status, 302);
    assert.match(done.headers.get("location")!, /^http:\/\/app\.example\/\?.*code=/);
  });

  test("forceExpiredPasswordChange(1): a password older than a day must be changed at login", async () => {
    await createRealm(api, "expiring", { passwordPolicy: "forceExpiredPasswordChange(1)" });
    await createClient(api, "expiring", {
      clientId: "app",
      publicClient: true,
      redirectUris: ["http://app.example/*"],
    });
    const old = { type: "password", createdDate: Date.now() - 3 * 86_400_000, ...hashPassword("old-password", 1000) };
    await createUser(api, "expiring", "stale", { ...completeProfile("stale"), credentials: [old] });
    await createUser(api, "expiring", "fresh", {
      ...completeProfile("fresh"),
      credentials: [{ type: "password", value: "new-password" }],
    });
    const login = async (username: string, password: string) => {
      const jar = new CookieJar();
      const page = await get(
        authUrl(server.baseUrl, "expiring", { clientId: "app", redirectUri: "http://app.example/" }),
        jar,
      );
      return submitLogin(server.baseUrl, await page.text(), jar, username, password);
    };
    assert.match(await (await login("stale", "old-password")).text(), /Update password/);
    assert.equal((await login("fresh", "new-password")).status, 302);
  });
});
