import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { checkFeatureToggles, features } from "../../demo/server/src/admin/server-info/features.ts";

const enabled = (toggles: { enabled: string[]; disabled: string[] }) =>
  new Set(
    features(toggles)
      .filter((f) => f.enabled)
      .map((f) => f.name),
  );

describe("feature toggles (--features, --features-disabled)", () => {
  it("keeps Keycloak 26's defaults without toggles: fine-grained permissions v2 on, v1 off", () => {
    const on = enabled({ enabled: [], disabled: [] });
    assert.ok(on.has("ADMIN_FINE_GRAINED_AUTHZ_V2"));
    assert.ok(!on.has("ADMIN_FINE_GRAINED_AUTHZ"));
  });

  it("turns the other versions of a feature off when one version is named", () => {
    const on = enabled({ enabled: ["admin-fine-grained-authz:v1"], disabled: [] });
    assert.ok(on.has("ADMIN_FINE_GRAINED_AUTHZ"));
    assert.ok(!on.has("ADMIN_FINE_GRAINED_AUTHZ_V2"));
  });

  it("enables preview features by bare key and disables every version of a disabled key", () => {
    const on = enabled({ enabled: ["docker"], disabled: ["admin-fine-grained-authz", "organization"] });
    assert.ok(on.has("DOCKER"));
    assert.ok(!on.has("ADMIN_FINE_GRAINED_AUTHZ") && !on.has("ADMIN_FINE_GRAINED_AUTHZ_V2"));
    assert.ok(!on.has("ORGANIZATION"));
  });

  it("refuses keys Keycloak does not know", () => {
    assert.throws(
      () => checkFeatureToggles({ enabled: ["admin-fine-grained-authz:v9"], disabled: [] }),
      /unrecognized feature/,
    );
    assert.doesNotThrow(() =>
      checkFeatureToggles({ enabled: ["admin-fine-grained-authz:v1", "docker"], disabled: [] }),
    );
  });
});
