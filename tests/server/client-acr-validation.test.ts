import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type KcAdminClient from "@keycloak/keycloak-admin-client";
import { answerOf, realmOnTarget, refusal } from "../support/admin-client.ts";

// A client's ACR settings as Keycloak validates them when it is created or updated. Runs on the embedded server, or
// on a real Keycloak with KC_TARGET=keycloak KC_REAL_URL=...: the answers asserted here were measured on Keycloak 26.7.3.
const REALM = "client-acr";
let kc: KcAdminClient;
let dispose: () => Promise<void>;

const DEFAULTS =
  "Default ACR values need to contain values specified in the ACR-To-Loa mapping or number levels from set realm browser flow";
const MINIMUM =
  "Minimum ACR value needs to be value specified in the ACR-To-Loa mapping or number level from set realm browser flow";

let created = 0;
/** Creates a client with these attributes: 201, or the refusal's status and description; and whether it was stored. */
async function create(attributes: Record<string, string>, protocol = "openid-connect") {
  const clientId = `acr-${++created}`;
  const answer = await answerOf(kc.clients.create({ clientId, protocol, attributes }), 201);
  const stored = (await kc.clients.find({ clientId })).length > 0;
  return { status: answer.status, description: answer.body.error_description, stored };
}
const refused = (description: string) => ({ status: 400, description, stored: false });
const fine = { status: 201, description: undefined, stored: true };

before(async () => {
  ({ kc, dispose } = await realmOnTarget(REALM));
});
after(() => dispose?.());

describe("a client's ACR settings", () => {
  test("without ACR-LoA maps, default and minimum ACR values are the browser flow's levels (0 and 1 by default)", async () => {
    assert.deepEqual(
      {
        level1: await create({ "default.acr.values": "1", "minimum.acr.value": "0" }),
        gold: await create({ "default.acr.values": "1##gold" }),
        level2: await create({ "minimum.acr.value": "2" }),
        both: await create({ "default.acr.values": "gold", "minimum.acr.value": "gold" }),
      },
      { level1: fine, gold: refused(DEFAULTS), level2: refused(MINIMUM), both: refused(`${DEFAULTS}; ${MINIMUM}`) },
    );
  });

  test("the client's own ACR-LoA map, else the realm's, names the ACR values it may use", async () => {
    assert.deepEqual(await create({ "acr.loa.map": JSON.stringify({ gold: 2 }), "default.acr.values": "gold" }), fine);
    assert.deepEqual(
      await create({ "acr.loa.map": "not json" }),
      refused("Invalid client configuration (ACR-LOA map) for client"),
    );
    await kc.realms.update({ realm: REALM }, { attributes: { "acr.loa.map": JSON.stringify({ silver: 1 }) } });
    assert.deepEqual(await create({ "minimum.acr.value": "silver" }), fine);
    assert.deepEqual(await create({ "minimum.acr.value": "gold" }), refused(MINIMUM));
  });

  test("a SAML client's minimum ACR is a URI of its own ACR-LoA map, else one the realm's ACR-URI map names", async () => {
    const saml = (attributes: Record<string, string>) => create(attributes, "saml");
    const uriRefusal = refused("Minimum ACR value needs to be a URI specified in the ACR-To-Loa mapping");
    await kc.realms.update(
      { realm: REALM },
      {
        attributes: {
          "acr.loa.map": JSON.stringify({ silver: 1, gold: 2 }),
          "acr.uri.map": JSON.stringify({ gold: "urn:example:gold" }),
        },
      },
    );
    assert.deepEqual(
      {
        mapped: await saml({ "minimum.acr.value": "urn:example:gold" }),
        unmapped: await saml({ "minimum.acr.value": "silver" }),
        level: await saml({ "minimum.acr.value": "1" }),
        own: await saml({ "acr.loa.map": JSON.stringify({ "urn:own": 1 }), "minimum.acr.value": "urn:own" }),
        ownHides: await saml({
          "acr.loa.map": JSON.stringify({ "urn:own": 1 }),
          "minimum.acr.value": "urn:example:gold",
        }),
        defaultsFree: await saml({ "default.acr.values": "anything" }),
      },
      { mapped: fine, unmapped: uriRefusal, level: uriRefusal, own: fine, ownHides: uriRefusal, defaultsFree: fine },
    );
  });

  test("an update is checked with the attributes it keeps, and refused before anything is stored", async () => {
    await kc.realms.update({ realm: REALM }, { attributes: { "acr.loa.map": JSON.stringify({ silver: 1 }) } });
    const { id } = await kc.clients.create({ clientId: "acr-update", attributes: { "default.acr.values": "silver" } });
    const current = (await kc.clients.findOne({ id }))!;
    const answer = await refusal(
      kc.clients.update({ id }, { ...current, attributes: { ...current.attributes, "minimum.acr.value": "gold" } }),
    );
    assert.deepEqual(answer, { status: 400, body: { error: "invalid_input", error_description: MINIMUM } });
    assert.equal((await kc.clients.findOne({ id }))!.attributes?.["minimum.acr.value"], undefined);
  });
});
