import { describe, expect, it } from "vitest";
import {
  applyClientFormValues,
  clientErrorField,
  NEW_CLIENT_VALUES,
  toClientFormValues,
} from "../../src/features/clients/details/settings/client-form-values.ts";

describe("client form values", () => {
  it("keeps capabilities that need client authentication off for a public client", () => {
    const client = applyClientFormValues(
      {},
      { ...NEW_CLIENT_VALUES, clientId: " app ", serviceAccountsEnabled: true, cibaGrant: true },
    );
    expect(client).toMatchObject({ clientId: "app", publicClient: true, serviceAccountsEnabled: false });
    expect(client.attributes?.["oidc.ciba.grant.enabled"]).toBe("false");
  });

  it("stores post logout redirect URIs joined with ## and reads them back, dropping empty entries", () => {
    const client = applyClientFormValues(
      { attributes: { other: "kept" } },
      { ...NEW_CLIENT_VALUES, redirectUris: ["https://a/*", " "], postLogoutRedirectUris: ["https://a/bye", "+"] },
    );
    expect(client.redirectUris).toEqual(["https://a/*"]);
    expect(client.attributes).toMatchObject({ other: "kept", "post.logout.redirect.uris": "https://a/bye##+" });
    expect(toClientFormValues(client).postLogoutRedirectUris).toEqual(["https://a/bye", "+"]);
  });

  it("puts the server's messages on the field they name", () => {
    expect(clientErrorField(409, "Client app already exists")).toBe("clientId");
    expect(clientErrorField(400, "A redirect URI uses an illegal scheme")).toBe("redirectUris");
    expect(clientErrorField(400, "Root URL is not a valid URL")).toBe("rootUrl");
    expect(clientErrorField(400, "Something else")).toBeUndefined();
  });
});
