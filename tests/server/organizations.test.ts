import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { TestServer } from "../support/server.ts";
import {
  type Api,
  createRealm,
  createUser,
  form,
  idFromLocation,
  json,
  type Json,
  startAdminServer,
} from "../support/admin-api.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";

const REALM = "orgs";
const BASE = `/admin/realms/${REALM}/organizations`;

describe("organizations admin API", () => {
  let server: TestServer;
  let api: Api;
  let sink: SmtpSink;

  before(async () => {
    sink = await startSmtpSink();
    ({ server, api } = await startAdminServer());
    await createRealm(api, REALM, {
      organizationsEnabled: true,
      adminEventsEnabled: true,
      adminEventsDetailsEnabled: true,
      smtpServer: sink.settings(),
    });
    await createRealm(api, "no-orgs");
    await createRealm(api, "no-mail", { organizationsEnabled: true });
  });
  after(async () => {
    await server?.dispose();
    await sink?.close();
  });

  const create = async (body: Record<string, unknown>) => api(BASE, { method: "POST", body });

  it("answers 404 while the realm has organizations disabled", async () => {
    const res = await api("/admin/realms/no-orgs/organizations");
    assert.equal(res.status, 404);
    assert.equal((await res.json()).errorMessage, "Organizations not enabled for this realm.");
  });

  it("creates with 201 + Location, derives the alias from the name and reads it back", async () => {
    const res = await create({
      name: "Acme",
      domains: [{ name: "acme.com", verified: true }],
      attributes: { tier: ["gold"] },
    });
    assert.equal(res.status, 201);
    assert.equal(await res.text(), "");
    const id = idFromLocation(res);
    assert.equal(res.headers.get("location"), `${server.baseUrl}${BASE}/${id}`);
    const org = await json(await api(`${BASE}/${id}`));
    assert.equal(org.name, "Acme");
    assert.equal(org.alias, "Acme");
    assert.equal(org.enabled, true);
    assert.deepEqual(org.domains, [{ name: "acme.com", verified: true }]);
    assert.deepEqual(org.attributes, { tier: ["gold"] });
  });

  it("refuses a missing name (400), a duplicate name (409) and a domain of another organization (400)", async () => {
    assert.equal((await create({ alias: "nameless" })).status, 400);
    const duplicate = await create({ name: "Acme", alias: "acme-2" });
    assert.equal(duplicate.status, 409);
    assert.equal((await duplicate.json()).errorMessage, "A organization with the same name already exists.");
    const taken = await create({ name: "Other", domains: [{ name: "acme.com" }] });
    assert.equal(taken.status, 400);
    assert.match((await taken.json()).errorMessage, /acme\.com/);
    assert.equal((await create({ name: "Has Space" })).status, 400, "a name with spaces cannot be the alias");
    assert.equal((await create({ name: "Has Space", alias: "has-space" })).status, 201);
  });

  it("searches by name or domain, exact or not, by q attributes, and counts; brief by default", async () => {
    await create({
      name: "Globex",
      alias: "globex",
      domains: [{ name: "globex.org" }],
      attributes: { tier: ["silver"] },
    });
    const all = await json<Json[]>(await api(BASE));
    assert.deepEqual(
      all.map((o) => o.name),
      ["Acme", "Globex", "Has Space"],
    );
    assert.equal(all[0].attributes, undefined);
    const full = await json<Json[]>(await api(`${BASE}?briefRepresentation=false&search=acme`));
    assert.deepEqual(
      full.map((o) => o.name),
      ["Acme"],
    );
    assert.deepEqual(full[0].attributes, { tier: ["gold"] });
    assert.deepEqual(
      (await json<Json[]>(await api(`${BASE}?search=globex.org&exact=true`))).map((o) => o.name),
      ["Globex"],
    );
    assert.deepEqual(await json(await api(`${BASE}?search=glob&exact=true`)), []);
    assert.deepEqual(
      (await json<Json[]>(await api(`${BASE}?q=tier:silver`))).map((o) => o.name),
      ["Globex"],
    );
    assert.equal(await json(await api(`${BASE}/count`)), 3);
    assert.equal(await json(await api(`${BASE}/count?search=acme`)), 1);
    assert.deepEqual(
      (await json<Json[]>(await api(`${BASE}?first=1&max=1`))).map((o) => o.name),
      ["Globex"],
    );
  });

  it("updates with 204, keeps the alias, and deletes with 204 then 404", async () => {
    const id = idFromLocation(await create({ name: "Initech", alias: "initech" }));
    const org = await json(await api(`${BASE}/${id}`));
    const put = await api(`${BASE}/${id}`, {
      method: "PUT",
      body: { ...org, description: "TPS reports", domains: [{ name: "initech.com" }] },
    });
    assert.equal(put.status, 204);
    const updated = await json(await api(`${BASE}/${id}`));
    assert.equal(updated.description, "TPS reports");
    assert.deepEqual(updated.domains, [{ name: "initech.com", verified: false }]);
    assert.equal((await api(`${BASE}/${id}`, { method: "PUT", body: { ...org, alias: "renamed" } })).status, 400);
    assert.equal((await api(`${BASE}/${id}`, { method: "DELETE" })).status, 204);
    assert.equal((await api(`${BASE}/${id}`)).status, 404);
  });

  it("manages members: add (201, 409 twice, 400 unknown), list, count, per-user organizations, remove", async () => {
    const orgId = idFromLocation(await create({ name: "Members Inc", alias: "members" }));
    const alice = await createUser(api, REALM, "alice", { email: "alice@example.com", firstName: "Alice" });
    const bob = await createUser(api, REALM, "bob");
    const add = await api(`${BASE}/${orgId}/members`, { method: "POST", body: alice });
    assert.equal(add.status, 201);
    assert.equal(add.headers.get("location"), `${server.baseUrl}${BASE}/${orgId}/members/${alice}`);
    assert.equal((await api(`${BASE}/${orgId}/members`, { method: "POST", body: alice })).status, 409);
    assert.equal((await api(`${BASE}/${orgId}/members`, { method: "POST", body: "no-such-user" })).status, 400);
    await api(`${BASE}/${orgId}/members`, { method: "POST", body: bob });
    const members = await json<Json[]>(await api(`${BASE}/${orgId}/members`));
    assert.deepEqual(
      members.map((m) => [m.username, m.membershipType]),
      [
        ["alice", "UNMANAGED"],
        ["bob", "UNMANAGED"],
      ],
    );
    assert.deepEqual(
      (await json<Json[]>(await api(`${BASE}/${orgId}/members?search=alice@`))).map((m) => m.username),
      ["alice"],
    );
    assert.equal(await json(await api(`${BASE}/${orgId}/members/count`)), 2);
    const orgs = await json<Json[]>(await api(`${BASE}/members/${alice}/organizations`));
    assert.deepEqual(
      orgs.map((o) => o.id),
      [orgId],
    );
    assert.equal(
      (await json<Json[]>(await api(`${BASE}/${orgId}/members/${alice}/organizations`)))[0].alias,
      "members",
    );
    assert.equal((await api(`${BASE}/${orgId}/members/${bob}`, { method: "DELETE" })).status, 204);
    assert.equal((await api(`${BASE}/${orgId}/members/${bob}`, { method: "DELETE" })).status, 404);
    assert.equal(await json(await api(`${BASE}/${orgId}/members/count`)), 1);
  });

  it("mails invitations through the realm's SMTP settings (204) and checks the invited user", async () => {
    const orgId = idFromLocation(await create({ name: "Invites", alias: "invites" }));
    const carol = await createUser(api, REALM, "carol", { email: "carol@example.com" });
    assert.equal(
      (
        await api(`${BASE}/${orgId}/members/invite-user`, {
          method: "POST",
          ...form({ email: "new@example.com", firstName: "New", lastName: "Person" }),
        })
      ).status,
      204,
    );
    const mail = await sink.waitFor((m) => m.recipients.includes("new@example.com"));
    assert.equal(mail.subject, "Invitation to join the Invites organization");
    assert.match(mail.text, /^Hi, "New" "Person"\.\s+You were invited to join the "Invites" organization\./);
    assert.equal(
      (await api(`${BASE}/${orgId}/members/invite-user`, { method: "POST", ...form({ firstName: "No mail" }) })).status,
      400,
    );
    assert.equal(
      (await api(`${BASE}/${orgId}/members/invite-existing-user`, { method: "POST", ...form({ id: carol }) })).status,
      204,
    );
    assert.equal(
      (await api(`${BASE}/${orgId}/members/invite-existing-user`, { method: "POST", ...form({ id: "nobody" }) }))
        .status,
      400,
    );
  });

  it("refuses an invitation in a realm without SMTP settings as Keycloak 26.7.3 does, and keeps none", async () => {
    const orgs = "/admin/realms/no-mail/organizations";
    const created = await api(orgs, { method: "POST", body: { name: "Quiet", alias: "quiet" } });
    const orgId = idFromLocation(created);
    const dana = await createUser(api, "no-mail", "dana", { email: "dana@example.com" });
    for (const [path, fields] of [
      ["invite-user", { email: "someone@example.com" }],
      ["invite-existing-user", { id: dana }],
    ] as const) {
      const res = await api(`${orgs}/${orgId}/members/${path}`, { method: "POST", ...form(fields) });
      assert.equal(res.status, 500, path);
      assert.deepEqual(await res.json(), { errorMessage: "Failed to send invite email" });
    }
    assert.deepEqual(await json(await api(`${orgs}/${orgId}/invitations`)), []);
  });

  it("lists invitations as OrganizationInvitationRepresentation, filtered, readable by id and deletable", async () => {
    const orgId = idFromLocation(await create({ name: "Invited", alias: "invited" }));
    await api(`${BASE}/${orgId}/members/invite-user`, {
      method: "POST",
      ...form({ email: "ann@example.com", firstName: "Ann", lastName: "Lee" }),
    });
    await api(`${BASE}/${orgId}/members/invite-user`, { method: "POST", ...form({ email: "bob@example.com" }) });
    const all = await json<Json[]>(await api(`${BASE}/${orgId}/invitations`));
    assert.equal(all.length, 2);
    const ann = all.find((i) => i.email === "ann@example.com");
    assert.equal(ann.organizationId, orgId);
    assert.equal(ann.firstName, "Ann");
    assert.equal(ann.status, "PENDING");
    assert.equal(ann.expiresAt - ann.sentDate, 43200);
    assert.deepEqual(
      (await json<Json[]>(await api(`${BASE}/${orgId}/invitations?search=lee`))).map((i) => i.email),
      ["ann@example.com"],
    );
    assert.deepEqual(await json(await api(`${BASE}/${orgId}/invitations?status=EXPIRED`)), []);
    assert.equal((await json(await api(`${BASE}/${orgId}/invitations/${ann.id}`))).email, "ann@example.com");
    assert.equal((await api(`${BASE}/${orgId}/invitations/${ann.id}`, { method: "DELETE" })).status, 204);
    assert.equal((await api(`${BASE}/${orgId}/invitations/${ann.id}`)).status, 404);
  });

  it("links identity providers by alias and unlinks them", async () => {
    const orgId = idFromLocation(await create({ name: "Brokered", alias: "brokered" }));
    const idp = await api(`/admin/realms/${REALM}/identity-provider/instances`, {
      method: "POST",
      body: { alias: "corp-oidc", providerId: "oidc", config: { clientId: "x" } },
    });
    assert.equal(idp.status, 201);
    assert.equal((await api(`${BASE}/${orgId}/identity-providers`, { method: "POST", body: "corp-oidc" })).status, 204);
    assert.equal((await api(`${BASE}/${orgId}/identity-providers`, { method: "POST", body: "corp-oidc" })).status, 409);
    assert.equal((await api(`${BASE}/${orgId}/identity-providers`, { method: "POST", body: "missing" })).status, 400);
    const linked = await json<Json[]>(await api(`${BASE}/${orgId}/identity-providers`));
    assert.deepEqual(
      linked.map((i) => [i.alias, i.organizationId]),
      [["corp-oidc", orgId]],
    );
    assert.equal((await json(await api(`${BASE}/${orgId}/identity-providers/corp-oidc`))).alias, "corp-oidc");
    const realmOnly = await json<Json[]>(
      await api(`/admin/realms/${REALM}/identity-provider/instances?realmOnly=true`),
    );
    assert.equal(realmOnly.length, 0);
    assert.equal((await api(`${BASE}/${orgId}/identity-providers/corp-oidc`, { method: "DELETE" })).status, 204);
    assert.equal((await api(`${BASE}/${orgId}/identity-providers/corp-oidc`)).status, 404);
  });

  it("records admin events and keeps organizations across a restart", async () => {
    const events = await json<Json[]>(
      await api(`/admin/realms/${REALM}/admin-events?resourceTypes=ORGANIZATION&operationTypes=CREATE`),
    );
    assert.ok(events.length >= 3);
    assert.match(events[0].resourcePath, /^organizations\//);
    await server.stop();
    await server.restart();
    const names = (await json<Json[]>(await api(BASE))).map((o) => o.name);
    assert.ok(names.includes("Acme") && names.includes("Members Inc"));
  });
});
