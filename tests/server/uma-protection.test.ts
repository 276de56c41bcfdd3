import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import KcAdminClient from "@keycloak/keycloak-admin-client";
import { realmOnTarget } from "../support/admin-client.ts";

// Runs against the embedded server; with KC_TARGET=keycloak and KC_REAL_URL against that real Keycloak (which is how
// the expectations below were checked on Keycloak 26.7.3): UMA 2.0 discovery, the protection API a resource server
// calls with its PAT, and the UMA grant with a permission ticket.
const REALM = "uma-protection";
const UMA_GRANT = "urn:ietf:params:oauth:grant-type:uma-ticket";

/** The fields of Keycloak 26.7.3's uma2-configuration; the embedded server answers those it implements. */
const KEYCLOAK_UMA_FIELDS = [
  ...["issuer", "authorization_endpoint", "token_endpoint", "introspection_endpoint", "end_session_endpoint"],
  ...["frontchannel_logout_session_supported", "frontchannel_logout_supported", "jwks_uri", "grant_types_supported"],
  ...["response_types_supported", "response_modes_supported", "registration_endpoint"],
  ...["token_endpoint_auth_methods_supported", "token_endpoint_auth_signing_alg_values_supported", "scopes_supported"],
  ...["resource_registration_endpoint", "permission_endpoint", "policy_endpoint"],
];

type Answer = { status: number; body: unknown; cacheControl: string | null };

describe("UMA 2.0: discovery, the protection API and permission tickets", () => {
  let dispose: (() => Promise<void>) | undefined;
  let kc: KcAdminClient;
  let base = "";
  let clientUuid = "";
  let pat = "";

  const tokenUrl = () => `${base}/realms/${REALM}/protocol/openid-connect/token`;
  async function token(form: Record<string, string>, bearer?: string): Promise<Answer> {
    const res = await fetch(tokenUrl(), {
      method: "POST",
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      body: new URLSearchParams(form),
    });
    return { status: res.status, body: await res.json(), cacheControl: res.headers.get("cache-control") };
  }
  const userToken = async (username: string) =>
    (
      (await token({ grant_type: "password", client_id: "portal", username, password: username })).body as {
        access_token: string;
      }
    ).access_token;
  async function protection(method: string, path: string, bearer: string | undefined, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = bearer ? { authorization: `Bearer ${bearer}` } : {};
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(`${base}/realms/${REALM}/authz/protection/${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : "", cacheControl: res.headers.get("cache-control") };
  }
  const ids = async (query: string) => (await protection("GET", `resource_set${query}`, pat)).body as string[];

  before(async () => {
    ({ kc, dispose } = await realmOnTarget(REALM));
    base = kc.baseUrl;
    ({ id: clientUuid } = await kc.clients.create({
      clientId: "api",
      secret: "api-secret",
      publicClient: false,
      serviceAccountsEnabled: true,
      authorizationServicesEnabled: true,
    }));
    await kc.clients.create({ clientId: "portal", publicClient: true, directAccessGrantsEnabled: true });
    for (const username of ["alice", "bob"])
      await kc.users.create({
        username,
        enabled: true,
        email: `${username}@example.org`,
        firstName: username,
        lastName: "Example",
        credentials: [{ type: "password", value: username, temporary: false }],
      });
    pat = (
      (await token({ grant_type: "client_credentials", client_id: "api", client_secret: "api-secret" })).body as {
        access_token: string;
      }
    ).access_token;
  });
  after(async () => {
    await dispose?.();
  });

  it("serves the UMA 2.0 discovery document with the protection API's endpoints", async () => {
    const res = await fetch(`${base}/realms/${REALM}/.well-known/uma2-configuration`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("cache-control"), "no-cache, must-revalidate, no-transform, no-store");
    const doc = (await res.json()) as Record<string, unknown>;
    const issuer = `${base}/realms/${REALM}`;
    assert.deepEqual(
      [doc.issuer, doc.token_endpoint, doc.jwks_uri],
      [issuer, `${issuer}/protocol/openid-connect/token`, `${issuer}/protocol/openid-connect/certs`],
    );
    assert.deepEqual(
      [doc.resource_registration_endpoint, doc.permission_endpoint, doc.policy_endpoint],
      [
        `${issuer}/authz/protection/resource_set`,
        `${issuer}/authz/protection/permission`,
        `${issuer}/authz/protection/uma-policy`,
      ],
    );
    assert.ok((doc.grant_types_supported as string[]).includes(UMA_GRANT));
    assert.deepEqual(
      Object.keys(doc).filter((key) => !KEYCLOAK_UMA_FIELDS.includes(key)),
      [],
      "only Keycloak's fields",
    );
    const unknown = await fetch(`${base}/realms/no-such-realm/.well-known/uma2-configuration`);
    assert.deepEqual([unknown.status, await unknown.json()], [404, { error: "Realm does not exist" }]);
  });

  it("refuses the protection API without a PAT, or with a token of a client that is no resource server", async () => {
    assert.deepEqual(await protection("GET", "resource_set", undefined), {
      status: 403,
      body: { error: "invalid_bearer_token", error_description: "Could not obtain bearer access_token from request." },
      cacheControl: null,
    });
    assert.deepEqual((await protection("GET", "resource_set", "not-a-token")).status, 403);
    assert.deepEqual((await protection("GET", "resource_set", await userToken("alice"))).body, {
      error: "invalid_clientId",
      error_description: "Client application [portal] is not registered as a resource server.",
    });
  });

  it("registers, lists with filters and pages, reads, updates and deletes resources with a PAT", async () => {
    const created = await protection("POST", "resource_set", pat, {
      name: "Alice album",
      type: "album",
      uris: ["/album/1"],
      owner: "alice",
      ownerManagedAccess: true,
      resource_scopes: ["album:view", "album:delete"],
      attributes: { shelf: ["top"] },
    });
    assert.equal(created.status, 201);
    const album = created.body as Record<string, unknown> & {
      _id: string;
      resource_scopes: { id: string; name: string }[];
    };
    // Keycloak 26.7 ignores the body's owner: what a PAT registers belongs to its resource server
    assert.deepEqual(album.owner, { id: clientUuid, name: "api" });
    assert.deepEqual(
      [album.name, album.type, album.uris, album.ownerManagedAccess, "attributes" in album],
      ["Alice album", "album", ["/album/1"], true, false],
    );
    assert.deepEqual(
      album.resource_scopes.map((s) => s.name),
      ["album:view", "album:delete"],
    );
    assert.deepEqual(album.scopes, album.resource_scopes);

    const bob = await protection("POST", "resource_set", pat, {
      name: "Bob album",
      type: "album",
      uris: ["/album/2"],
      resource_scopes: [{ name: "album:view" }],
    });
    assert.equal(bob.status, 201);
    const bare = (await protection("POST", "resource_set", pat, { name: "Server thing" })).body as Record<
      string,
      unknown
    >;
    assert.deepEqual([bare.resource_scopes, "scopes" in bare], [[], false]);
    assert.deepEqual(await protection("POST", "resource_set", pat, { name: "Alice album" }), {
      status: 409,
      body: { error: "invalid_request", error_description: "Resource with name [Alice album] already exists." },
      cacheControl: null,
    });
    const unparsable = await protection("POST", "resource_set", pat, "not json");
    assert.equal(unparsable.status, 400);

    const aliceId = album._id;
    const bobId = (bob.body as { _id: string })._id;
    const bareId = bare._id as string;
    const list = await protection("GET", "resource_set", pat);
    assert.deepEqual([list.body, list.cacheControl], [[aliceId, bobId, bareId], "no-cache"]);
    assert.deepEqual(await ids("?name=album"), [aliceId, bobId]);
    assert.deepEqual(await ids("?name=Alice%20album&exactName=true"), [aliceId]);
    assert.deepEqual(await ids("?uri=/album/2"), [bobId]);
    assert.deepEqual(await ids("?type=album&first=1&max=5"), [bobId]);
    assert.deepEqual(await ids("?scope=album:view"), [aliceId, bobId]);
    assert.deepEqual(await ids("?owner=alice"), []);
    assert.deepEqual(await ids("?owner=api&max=2"), [aliceId, bobId]);
    // one search serves both lists, as Keycloak's ResourceSetService.find: uri whole, type and scope in part, owner exactly
    const searches: [Record<string, string>, string[]][] = [
      [{ uri: "/ALBUM/2" }, [bobId]],
      [{ uri: "/album" }, []],
      [{ type: "ALB" }, [aliceId, bobId]],
      [{ scope: "VIEW" }, [aliceId, bobId]],
      [{ owner: "ap" }, []],
      [{ name: "alice ALBUM", exactName: "true" }, [aliceId]],
    ];
    for (const [search, expected] of searches) {
      assert.deepEqual(
        await ids(`?${new URLSearchParams(search)}`),
        expected,
        `resource_set?${new URLSearchParams(search)}`,
      );
      const listed = await kc.clients.listResources({ id: clientUuid, ...search } as never);
      assert.deepEqual(
        listed.map((r) => r._id),
        expected,
        `admin resource?${new URLSearchParams(search)}`,
      );
    }
    assert.equal((await protection("GET", "resource_set?first=abc", pat)).status, 404);
    const deep = (await protection("GET", "resource_set?deep=true&max=1", pat)).body as Record<string, unknown>[];
    assert.deepEqual(
      [deep.length, deep[0]!.name, deep[0]!.attributes, deep[0]!.owner],
      [1, "Alice album", { shelf: ["top"] }, { id: clientUuid, name: "api" }],
    );

    const read = await protection("GET", `resource_set/${aliceId}`, pat);
    const readBody = read.body as Record<string, unknown>;
    assert.deepEqual(
      [read.status, readBody.owner, readBody.attributes, readBody.resource_scopes],
      [200, { id: clientUuid }, { shelf: ["top"] }, [{ name: "album:view" }, { name: "album:delete" }]],
    );
    assert.deepEqual(await protection("GET", "resource_set/no-such-id", pat), {
      status: 404,
      body: { error: "HTTP 404 Not Found" },
      cacheControl: null,
    });

    const update = await protection("PUT", `resource_set/${aliceId}`, pat, {
      name: "Alice album",
      type: "album",
      uris: ["/album/1"],
      ownerManagedAccess: true,
      resource_scopes: ["album:view", "album:delete", "album:share"],
    });
    assert.equal(update.status, 204);
    const updated = (await protection("GET", `resource_set/${aliceId}`, pat)).body as {
      resource_scopes: { name: string }[];
    };
    assert.deepEqual(updated.resource_scopes.map((s) => s.name).sort(), ["album:delete", "album:share", "album:view"]);
    assert.equal((await protection("PUT", "resource_set/no-such-id", pat, { name: "x" })).status, 404);

    // the admin API sees what the protection API registered
    const admin = await kc.clients.listResources({ id: clientUuid, name: "Server thing" } as never);
    assert.deepEqual(
      admin.map((r) => r._id),
      [bareId],
    );
    assert.equal((await protection("DELETE", `resource_set/${bareId}`, pat)).status, 204);
    assert.equal((await protection("DELETE", `resource_set/${bareId}`, pat)).status, 404);
    assert.deepEqual(await ids("?name=Server"), []);
  });

  it("issues permission tickets that the UMA grant decides: an RPT when allowed, request_submitted when not", async () => {
    const [albumId] = await ids("?name=Alice%20album&exactName=true");
    const { id: aliceId } = (await kc.users.find({ username: "alice", exact: true }))[0] as { id: string };
    const policy = await kc.clients.createPolicy({ id: clientUuid, type: "user" }, {
      name: "only alice",
      users: [aliceId],
    } as never);
    await kc.clients.createPermission({ id: clientUuid, type: "resource" }, {
      name: "alice views her album",
      resources: [albumId!],
      policies: [policy.id!],
    } as never);

    const refusals: [unknown, number, Record<string, string>][] = [
      [[], 400, { error: "invalid_permission_request", error_description: "Invalid permission request." }],
      [
        [{ resource_id: "no-such-id", resource_scopes: ["album:view"] }],
        400,
        {
          error: "invalid_resource_id",
          error_description: "Resource set with id [no-such-id] does not exists in this server.",
        },
      ],
      [
        [{ resource_id: albumId, resource_scopes: ["no-such-scope"] }],
        400,
        { error: "invalid_scope", error_description: "Scope [no-such-scope] is invalid" },
      ],
      [{ resource_id: albumId }, 400, { error: "unknown_error", error_description: "Cannot parse the JSON" }],
    ];
    for (const [body, status, answer] of refusals) {
      const res = await protection("POST", "permission", pat, body);
      assert.deepEqual([res.status, res.body], [status, answer], JSON.stringify(body));
    }

    const issued = await protection("POST", "permission", pat, [
      { resource_id: albumId, resource_scopes: ["album:view"] },
    ]);
    assert.equal(issued.status, 201);
    const { ticket } = issued.body as { ticket: string };

    const alice = await token({ grant_type: UMA_GRANT, ticket }, await userToken("alice"));
    assert.equal(alice.status, 200, JSON.stringify(alice.body));
    const rpt = (alice.body as { access_token: string }).access_token;
    const claims = JSON.parse(Buffer.from(rpt.split(".")[1]!, "base64url").toString("utf8")) as {
      aud: string | string[];
      authorization: { permissions: { rsid: string; rsname: string; scopes?: string[] }[] };
    };
    assert.deepEqual(
      claims.authorization.permissions.map((p) => [p.rsid, p.rsname, p.scopes]),
      [[albumId, "Alice album", ["album:view"]]],
    );

    const bob = await token({ grant_type: UMA_GRANT, ticket }, await userToken("bob"));
    assert.deepEqual([bob.status, bob.body], [403, { error: "access_denied", error_description: "request_submitted" }]);
    const forged = await token({ grant_type: UMA_GRANT, ticket: "not-a-ticket" }, await userToken("bob"));
    assert.deepEqual(
      [forged.status, forged.body],
      [403, { error: "invalid_ticket", error_description: "Ticket verification failed" }],
    );
  });
  it("leaves a pending ticket for the owner of a user's owner-managed resource, and lets the resource server grant, list and delete tickets", async () => {
    const { id: aliceId } = (await kc.users.find({ username: "alice", exact: true }))[0] as { id: string };
    const { id: bobId } = (await kc.users.find({ username: "bob", exact: true }))[0] as { id: string };
    const doc = await kc.clients.createResource({ id: clientUuid }, {
      name: "Alice diary",
      owner: "alice",
      ownerManagedAccess: true,
      scopes: [{ name: "doc:read" }, { name: "doc:write" }],
    } as never);
    const docId = doc._id!;
    const scopeId = (name: string) => doc.scopes!.find((s) => s.name === name)!.id!;
    const tickets = async (query = "") =>
      (await protection("GET", `permission/ticket${query}`, pat)).body as Record<string, unknown>[];
    const { ticket } = (
      await protection("POST", "permission", pat, [{ resource_id: docId, resource_scopes: ["doc:read"] }])
    ).body as { ticket: string };
    const bobToken = await userToken("bob");
    const submitted = { status: 403, body: { error: "access_denied", error_description: "request_submitted" } };
    for (let i = 0; i < 2; i++) {
      const bob = await token({ grant_type: UMA_GRANT, ticket, submit_request: "true" }, bobToken);
      assert.deepEqual({ status: bob.status, body: bob.body }, submitted);
    }
    const pending = { owner: aliceId, resource: docId, scope: scopeId("doc:read"), granted: false, requester: bobId };
    const [request] = await tickets();
    assert.deepEqual(await tickets(), [{ id: request!.id, ...pending }], "one pending ticket, asked for twice");
    assert.deepEqual(await tickets("?returnNames=true&requester=bob&owner=alice&granted=false"), [
      {
        id: request!.id,
        ...pending,
        scopeName: "doc:read",
        resourceName: "Alice diary",
        ownerName: "alice",
        requesterName: "bob",
      },
    ]);
    assert.deepEqual(await tickets("?granted=true"), []);
    const owner = await token({ grant_type: UMA_GRANT, ticket }, await userToken("alice"));
    assert.deepEqual({ status: owner.status, body: owner.body }, submitted);
    assert.equal((await tickets()).length, 1, "none for the owner");

    assert.equal((await protection("PUT", "permission/ticket", pat, { ...request, granted: true })).status, 204);
    const granted = await token({ grant_type: UMA_GRANT, ticket }, bobToken);
    assert.equal(granted.status, 200, JSON.stringify(granted.body));
    const permissions = await token(
      { grant_type: UMA_GRANT, audience: "api", permission: `${docId}#doc:read`, response_mode: "permissions" },
      bobToken,
    );
    assert.deepEqual(permissions.body, [{ scopes: ["doc:read"], rsid: docId, rsname: "Alice diary" }]);
    const write = await token({ grant_type: UMA_GRANT, audience: "api", permission: `${docId}#doc:write` }, bobToken);
    assert.deepEqual(
      [write.status, write.body],
      [403, { error: "access_denied", error_description: "not_authorized" }],
    );

    const refusals: [Record<string, unknown>, string, string][] = [
      [
        { requesterName: "bob", scopeName: "doc:write" },
        "invalid_permission",
        "created permissions should have resource",
      ],
      [
        { resource: docId, requesterName: "bob" },
        "invalid_permission",
        "created permissions should have scope or scopeName",
      ],
      [
        { resource: docId, scopeName: "doc:write" },
        "invalid_permission",
        "created permissions should have requester or requesterName",
      ],
      [
        { resource: "no-such-id", requesterName: "bob", scopeName: "doc:write" },
        "invalid_resource_id",
        "Resource set with id [no-such-id] does not exists in this server.",
      ],
      [{ resource: docId, requesterName: "bob", scopeName: "nope" }, "invalid_scope", "Scope [nope] is invalid"],
      [{ resource: docId, requesterName: "bob", scope: "doc:write" }, "invalid_scope", "Scope [doc:write] is invalid"],
      [
        { resource: docId, requester: "nobody", scopeName: "doc:write" },
        "invalid_permission",
        "Requester does not exists in this server as user.",
      ],
      [
        { resource: docId, requesterName: "bob", scopeName: "doc:read" },
        "invalid_permission",
        "Permission already exists",
      ],
    ];
    for (const [body, error, description] of refusals) {
      const res = await protection("POST", "permission/ticket", pat, body);
      assert.deepEqual([res.status, res.body], [400, { error, error_description: description }], JSON.stringify(body));
    }
    const created = await protection("POST", "permission/ticket", pat, {
      resource: docId,
      requesterName: "bob",
      scopeName: "doc:write",
      granted: true,
    });
    const writeTicket = created.body as { id: string };
    assert.deepEqual(
      [created.status, created.body],
      [
        200,
        {
          id: writeTicket.id,
          owner: aliceId,
          resource: docId,
          scope: scopeId("doc:write"),
          granted: true,
          requester: bobId,
        },
      ],
    );
    assert.equal(
      (await token({ grant_type: UMA_GRANT, audience: "api", permission: `${docId}#doc:write` }, bobToken)).status,
      200,
    );

    const invalid = { status: 400, body: { error: "invalid_request", error_description: "invalid_ticket" } };
    const put = await protection("PUT", "permission/ticket", pat, { id: "no-such-ticket", granted: true });
    assert.deepEqual({ status: put.status, body: put.body }, invalid);
    const del = await protection("DELETE", "permission/ticket/no-such-ticket", pat);
    assert.deepEqual({ status: del.status, body: del.body }, invalid);
    // taking a grant back removes the ticket, as deleting does
    assert.equal((await protection("PUT", "permission/ticket", pat, { ...request, granted: false })).status, 204);
    assert.deepEqual(
      (await tickets()).map((t) => t.id),
      [writeTicket.id],
    );
    assert.equal((await protection("DELETE", `permission/ticket/${writeTicket.id}`, pat)).status, 204);
    assert.deepEqual(await tickets(), []);

    await protection("POST", "permission/ticket", pat, {
      resource: docId,
      requesterName: "bob",
      scopeName: "doc:read",
    });
    assert.equal((await tickets()).length, 1);
    assert.equal((await protection("DELETE", `resource_set/${docId}`, pat)).status, 204);
    assert.deepEqual(await tickets(), [], "a resource's tickets go with it");
  });
});
