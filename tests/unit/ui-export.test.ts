import { describe, expect, it } from "vitest";
import { clientExportFilename, exportClient } from "../../src/core/ui/export/export-client.ts";
import { pageSizeStorageKey, readPageSize } from "../../src/core/ui/table/page-size-storage.ts";

describe("client export", () => {
  it("drops the client's id and its protocol mappers' ids, and names the file after clientId", () => {
    const client = {
      id: "0b6d-uuid",
      clientId: "portal",
      redirectUris: ["https://portal.example/*"],
      protocolMappers: [
        {
          id: "m1",
          name: "email",
          protocol: "openid-connect",
          protocolMapper: "oidc-usermodel-property-mapper",
          config: { a: "b" },
        },
      ],
    };
    const exported = exportClient(client);
    expect(exported).not.toHaveProperty("id");
    expect(exported.protocolMappers).toEqual([
      {
        name: "email",
        protocol: "openid-connect",
        protocolMapper: "oidc-usermodel-property-mapper",
        config: { a: "b" },
      },
    ]);
    expect(exported.redirectUris).toEqual(["https://portal.example/*"]);
    expect(client.id).toBe("0b6d-uuid");
    expect(clientExportFilename(client)).toBe("portal.json");
    expect(exportClient({ id: "x", clientId: "bare" })).toEqual({ clientId: "bare" });
  });
});

describe("table page size", () => {
  it("reads only the allowed sizes, per table id", () => {
    localStorage.setItem(pageSizeStorageKey("users"), "50");
    localStorage.setItem(pageSizeStorageKey("groups"), "13");
    expect(readPageSize("users")).toBe(50);
    expect(readPageSize("groups")).toBe(10);
    expect(readPageSize(undefined)).toBe(10);
  });
});
