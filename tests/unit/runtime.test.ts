// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { forgetRuntimes, getRuntime, runtimeKey } from "../../src/core/runtime/runtime-registry.ts";
import { addressWithoutQueryOrHash, signInErrorFromUrl } from "../../src/core/runtime/sign-in-failure.ts";
import { readEnvironment } from "../../src/console/environment.ts";
import { withOpenIdScope } from "../../src/core/auth/scope.ts";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { useRuntime } from "../../src/core/runtime/runtime-context.tsx";

describe("runtime registry", () => {
  beforeEach(() => forgetRuntimes());

  it("shares one runtime per server, sign-in realm, client and token source", async () => {
    const provider = { getAccessToken: async () => "token-a" };
    const a = await getRuntime({ serverUrl: "http://server/", tokenProvider: provider });
    const b = await getRuntime({
      serverUrl: "http://server",
      authRealm: "master",
      clientId: "security-admin-console",
      tokenProvider: provider,
    });
    expect(a).toBe(b);
    expect(a.adminClient).toBe(b.adminClient);
    expect(await a.adminClient.getAccessToken()).toBe("token-a");
    const other = await getRuntime({
      serverUrl: "http://server",
      tokenProvider: { getAccessToken: async () => "token-b" },
    });
    expect(other).not.toBe(a);
    expect(await other.adminClient.getAccessToken()).toBe("token-b");
  });

  it("accepts a function or a global function name as token source", async () => {
    const fromFunction = await getRuntime({ serverUrl: "http://server", tokenProvider: () => "fn-token" });
    expect(await fromFunction.adminClient.getAccessToken()).toBe("fn-token");
    (globalThis as Record<string, unknown>).hostToken = async () => "global-token";
    const fromGlobal = await getRuntime({ serverUrl: "http://server", tokenProviderName: "hostToken" });
    expect(await fromGlobal.adminClient.getAccessToken()).toBe("global-token");
  });

  it("uses a host keycloak-js instance, refreshing with minValidity 5", async () => {
    const calls: number[] = [];
    const keycloak = {
      token: "kc-token",
      updateToken: async (min: number) => (calls.push(min), false),
      login: async () => undefined,
      logout: async () => undefined,
    };
    const runtime = await getRuntime({ serverUrl: "http://server", keycloak });
    expect(await runtime.adminClient.getAccessToken()).toBe("kc-token");
    expect(calls).toEqual([5]);
  });

  it("keys differ by realm, client and token source", () => {
    const base = { serverUrl: "http://server", tokenProviderName: "f" };
    expect(runtimeKey(base)).toBe(runtimeKey({ ...base, authRealm: "master" }));
    expect(runtimeKey(base)).not.toBe(runtimeKey({ ...base, authRealm: "demo" }));
    expect(runtimeKey(base)).not.toBe(runtimeKey({ ...base, clientId: "other" }));
    expect(runtimeKey(base)).not.toBe(runtimeKey({ serverUrl: "http://server" }));
  });
});

describe("start-up helpers", () => {
  it("finds a sign-in error in the query and builds the retry address", () => {
    expect(signInErrorFromUrl("http://h/admin/master/console/?error=x&error_description=Denied#/x")).toBe("Denied");
    expect(signInErrorFromUrl("http://h/admin/master/console/")).toBeUndefined();
    expect(addressWithoutQueryOrHash("http://h/admin/master/console/?a=1#/master")).toBe(
      "http://h/admin/master/console/",
    );
  });

  it("always asks for openid", () => {
    expect(withOpenIdScope(undefined)).toBe("openid");
    expect(withOpenIdScope("profile email")).toBe("openid profile email");
    expect(withOpenIdScope("email openid")).toBe("email openid");
  });

  it("reads the environment block with the spec's errors", () => {
    document.body.innerHTML = "";
    expect(() => readEnvironment()).toThrow("Environment variables not found in the document.");
    document.body.innerHTML = '<script id="environment" type="application/json">{nope</script>';
    expect(() => readEnvironment()).toThrow("Unable to parse environment variables as JSON.");
    document.body.innerHTML =
      '<script id="environment" type="application/json">{"serverBaseUrl":"http://s","realm":"demo","clientId":"c","scope":""}</script>';
    expect(readEnvironment()).toEqual({ serverBaseUrl: "http://s", realm: "demo", clientId: "c", scope: "" });
  });
});

describe("runtime context", () => {
  it("names a missing environment provider as the spec does", () => {
    function NeedsRuntime() {
      useRuntime();
      return null;
    }
    expect(() => renderToString(createElement(NeedsRuntime))).toThrow("no environment provider in the hierarchy");
  });
});
