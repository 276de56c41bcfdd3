import { describe, expect, it } from "vitest";
import { Db } from "../../demo/server/src/store/db.ts";
import { resourceServerData, serverResources } from "../../demo/server/src/admin/authorization/authz-store.ts";
import type { AuthzResourceRecord, ClientRecord } from "../../demo/server/src/store/types.ts";

const client = { id: "rs", realmId: "r", clientId: "api" } as ClientRecord;
const resource = (id: string, resourceServerId = "rs"): AuthzResourceRecord => ({
  id,
  realmId: "r",
  resourceServerId,
  name: id,
  uris: [],
  ownerId: resourceServerId,
  ownerManagedAccess: false,
  scopeIds: [],
  attributes: {},
});

describe("a resource server's records as decisions read them", () => {
  it("are read once and kept until a record of the server is put or deleted", async () => {
    const db = Db.memory();
    await db.write((tx) => {
      tx.put("authzResources", resource("a"));
      tx.put("authzResources", resource("elsewhere", "other"));
    });
    const first = resourceServerData(db, client);
    expect(first.resources.map((r) => r.id)).toEqual(["a"]);
    expect(resourceServerData(db, client).resources).toBe(first.resources);

    await db.write((tx) => tx.put("authzResources", resource("b")));
    const afterPut = resourceServerData(db, client);
    expect(afterPut.resources.map((r) => r.id)).toEqual(["a", "b"]);

    await db.write((tx) => tx.delete("authzResources", "a"));
    expect(resourceServerData(db, client).resources.map((r) => r.id)).toEqual(["b"]);
  });

  it("are handed to other callers as copies they may change", async () => {
    const db = Db.memory();
    await db.write((tx) => tx.put("authzResources", resource("a")));
    serverResources(db, client).pop();
    expect(resourceServerData(db, client).resources.map((r) => r.id)).toEqual(["a"]);
  });
});
