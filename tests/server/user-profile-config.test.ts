import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { adminFetch, adminToken, startTestServer, type TestServer } from "../support/server.ts";

interface Attribute {
  name?: string;
  group?: string;
  validations?: Record<string, Record<string, unknown>>;
  permissions?: { view?: string[]; edit?: string[] };
}
interface Config {
  attributes: Attribute[];
  groups?: { name: string }[];
}

const REALM = "profiles";
const base = `/admin/realms/${REALM}`;
let server: TestServer;
let api: ReturnType<typeof adminFetch>;

const readConfig = async () => (await (await api(`${base}/users/profile`)).json()) as Config;

async function refused(config: Config): Promise<string> {
  const res = await api(`${base}/users/profile`, { method: "PUT", body: config });
  assert.equal(res.status, 400);
  return ((await res.json()) as { errorMessage: string }).errorMessage;
}

before(async () => {
  server = await startTestServer({ args: ["--seed-demo", "false"] });
  api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
  assert.equal((await api("/admin/realms", { method: "POST", body: { realm: REALM } })).status, 201);
});
after(() => server?.dispose());

describe("user profile configuration", () => {
  test("refuses attributes without a name, twice the same name, unknown validators and groups", async () => {
    const config = await readConfig();
    assert.match(
      await refused({ ...config, attributes: [...config.attributes, {}] }),
      /Attribute configuration without 'name' is not allowed/,
    );
    assert.match(
      await refused({ ...config, attributes: [...config.attributes, { name: "email" }] }),
      /duplicated attribute name email/,
    );
    assert.match(
      await refused({ ...config, attributes: [...config.attributes, { name: "nick", validations: { nope: {} } }] }),
      /Validator 'nope' defined for attribute 'nick' doesn't exist/,
    );
    assert.match(
      await refused({ ...config, attributes: [...config.attributes, { name: "nick", group: "missing" }] }),
      /references unknown group missing/,
    );
    assert.match(
      await refused({ ...config, attributes: config.attributes.filter((a) => a.name !== "username") }),
      /missing attribute username/,
    );
  });

  test("user create and update enforce the configured validators with Keycloak's error shape", async () => {
    const config = await readConfig();
    const everyone = { view: ["admin", "user"], edit: ["admin", "user"] };
    config.attributes.push(
      { name: "nickname", validations: { length: { max: "5" } }, permissions: everyone },
      { name: "code", validations: { pattern: { pattern: "^[A-Z]+$" } }, permissions: everyone },
      { name: "color", validations: { options: { options: ["red", "blue"] } }, permissions: everyone },
      { name: "alias", validations: { "person-name-prohibited-characters": {} }, permissions: everyone },
    );
    assert.equal((await api(`${base}/users/profile`, { method: "PUT", body: config })).status, 200);

    const res = await api(`${base}/users`, {
      method: "POST",
      body: {
        username: "val-user",
        attributes: { nickname: ["toolong"], code: ["abc"], color: ["green"], alias: ["a<b"] },
      },
    });
    assert.equal(res.status, 400);
    const body = (await res.json()) as { errors: { field: string; errorMessage: string; params: unknown[] }[] };
    const byField = Object.fromEntries(body.errors.map((error) => [error.field, error]));
    assert.deepEqual(byField.nickname, {
      field: "nickname",
      errorMessage: "error-invalid-length-too-long",
      params: ["nickname", null, "5"],
    });
    assert.equal(byField.code?.errorMessage, "error-pattern-no-match");
    assert.equal(byField.color?.errorMessage, "error-invalid-option");
    assert.equal(byField.alias?.errorMessage, "error-person-name-invalid-character");

    const created = await api(`${base}/users`, {
      method: "POST",
      body: { username: "val-user", attributes: { nickname: ["nick"], code: ["ABC"], color: ["red"] } },
    });
    assert.equal(created.status, 201, await created.text());
    const id = created.headers.get("location")!.split("/").pop()!;
    const update = await api(`${base}/users/${id}`, {
      method: "PUT",
      body: { username: "val-user", attributes: { nickname: ["much-too-long"] } },
    });
    assert.equal(update.status, 400);
    const updateBody = (await update.json()) as { errorMessage?: string; field?: string };
    assert.equal(updateBody.field ?? (updateBody as { errors: { field: string }[] }).errors[0]?.field, "nickname");
  });
});
