// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import {
  prefetchFirstPage,
  takeFirstPage,
  takeSettledFirstPage,
} from "../../src/core/ui/table/prefetched-first-page.ts";
import { pageSizeStorageKey } from "../../src/core/ui/table/page-size-storage.ts";
import { answerSilentCheckSso, silentCheckSsoRedirectUri } from "../../src/console/silent-check-sso.ts";
import { matchConsoleRoute, type ConsoleRoute } from "../../src/core/routing/console-route.ts";
import { prefetchFirstScreen, type FirstScreen } from "../../src/core/routing/first-screen.ts";
import type { Runtime } from "../../src/core/runtime/runtime.ts";

describe("a table's prefetched first page", () => {
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it("is asked for with the remembered page size plus one, and handed over once", async () => {
    localStorage.setItem(pageSizeStorageKey("users"), "20");
    const queryClient = new QueryClient();
    const load = vi.fn(async (first: number, max: number) => [`${first}-${max}`]);
    prefetchFirstPage(queryClient, ["users", "demo"], "users", load, async () => 42);
    expect(load).toHaveBeenCalledWith(0, 21);
    const page = takeFirstPage<string>(queryClient, ["users", "demo"], 21);
    expect(await page?.rows).toEqual(["0-21"]);
    expect(await page?.total).toBe(42);
    expect(takeFirstPage(queryClient, ["users", "demo"], 21)).toBeUndefined();
  });

  it("is not handed to a table of another page size, key or query client", () => {
    const queryClient = new QueryClient();
    const load = async () => ["row"];
    prefetchFirstPage(queryClient, ["users", "demo"], "users", load);
    expect(takeFirstPage(new QueryClient(), ["users", "demo"], 11)).toBeUndefined();
    expect(takeFirstPage(queryClient, ["users", "other"], 11)).toBeUndefined();
    expect(takeFirstPage(queryClient, ["users", "demo"], 21)).toBeUndefined();
  });

  it("hands over its rows and total themselves once both answers are in, not before", async () => {
    const queryClient = new QueryClient();
    let answer: (rows: string[]) => void = () => undefined;
    const rows = new Promise<string[]>((resolve) => (answer = resolve));
    prefetchFirstPage(
      queryClient,
      ["users", "demo"],
      "users",
      () => rows,
      async () => 3,
    );
    expect(takeSettledFirstPage(queryClient, ["users", "demo"], 11, true)).toBeUndefined();
    answer(["a", "b", "c"]);
    await rows;
    await new Promise((resolve) => setTimeout(resolve));
    expect(takeSettledFirstPage(queryClient, ["users", "demo"], 11, true)).toEqual({ rows: ["a", "b", "c"], total: 3 });
    expect(takeSettledFirstPage(queryClient, ["users", "demo"], 11, true)).toBeUndefined();
  });

  it("is left for the table's load when the table needs a total the prefetch lacks", async () => {
    const queryClient = new QueryClient();
    prefetchFirstPage(queryClient, ["users", "demo"], "users", async () => ["a"]);
    await new Promise((resolve) => setTimeout(resolve));
    expect(takeSettledFirstPage(queryClient, ["users", "demo"], 11, true)).toBeUndefined();
    expect(await takeFirstPage(queryClient, ["users", "demo"], 11)?.rows).toEqual(["a"]);
  });

  it("expires: a table mounted long after loads afresh", () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    prefetchFirstPage(queryClient, ["users", "demo"], "users", async () => ["row"]);
    vi.advanceTimersByTime(11_000);
    expect(takeFirstPage(queryClient, ["users", "demo"], 11)).toBeUndefined();
  });

  it("keeps a failure for the table to show instead of an unhandled rejection", async () => {
    const queryClient = new QueryClient();
    prefetchFirstPage(queryClient, ["users", "demo"], "users", async () => {
      throw new Error("HTTP 500");
    });
    await expect(takeFirstPage(queryClient, ["users", "demo"], 11)?.rows).rejects.toThrow("HTTP 500");
  });
});

describe("the console page as its own silent check-sso frame", () => {
  const frameWindow = (href: string) => {
    const url = new URL(href);
    const parent = { postMessage: vi.fn() };
    return { frame: { parent, location: url } as unknown as Window, parent };
  };

  it("marks its own address as the redirect URI", () => {
    expect(silentCheckSsoRedirectUri(new URL("https://idp.example/admin/master/console/?x#/demo") as never)).toBe(
      "https://idp.example/admin/master/console/?silent-check-sso",
    );
  });

  it("in the marked frame, hands the answer to the opening page of the same origin and starts nothing", () => {
    const href = "https://idp.example/admin/master/console/?silent-check-sso&state=s&code=c";
    const { frame, parent } = frameWindow(href);
    expect(answerSilentCheckSso(frame)).toBe(true);
    expect(parent.postMessage).toHaveBeenCalledWith(href, "https://idp.example");
  });

  it("anywhere else (the top window, or a frame without the mark) starts the console", () => {
    expect(answerSilentCheckSso(window)).toBe(false);
    const { frame, parent } = frameWindow("https://idp.example/admin/master/console/?state=s&code=c");
    expect(answerSilentCheckSso(frame)).toBe(false);
    expect(parent.postMessage).not.toHaveBeenCalled();
  });
});

describe("matching the first screen's route", () => {
  const page = () => null;
  const routes: ConsoleRoute[] = [
    { path: "users", access: "query-users", component: page },
    { path: "users/add-user", access: "query-users", component: page },
    { path: "users/:id/:tab", access: "query-users", component: page },
  ];

  it("finds the route and its parameters, or nothing", () => {
    expect(matchConsoleRoute(routes, "users")?.route.path).toBe("users");
    expect(matchConsoleRoute(routes, "/users/1234/settings")?.params).toEqual({ id: "1234", tab: "settings" });
    expect(matchConsoleRoute(routes, "clients")).toBeUndefined();
  });
});

describe("the first screen's reads", () => {
  const page = () => null;
  const token = (claims: object) => `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, "")}.sig`;
  /** A runtime whose admin calls never answer unless `whoAmI` is given; who-am-I answers when `answerWhoAmI` runs. */
  function runtimeWith(accessToken: string) {
    let answerWhoAmI: (body: object) => void = () => undefined;
    const whoAmI = new Promise<object>((resolve) => (answerWhoAmI = resolve));
    const never = () => new Promise(() => undefined);
    const findServerInfo = vi.fn(never);
    const runtime = {
      serverUrl: "https://idp.example",
      authRealm: "master",
      clientId: "security-admin-console",
      auth: { getAccessToken: async () => accessToken },
      queryClient: new QueryClient(),
      adminClient: { realms: { findOne: never }, serverInfo: { find: findServerInfo }, whoAmI: { find: () => whoAmI } },
      i18n: {},
    };
    return { runtime: runtime as unknown as Runtime, answerWhoAmI, findServerInfo };
  }
  const usersScreen = (prefetch: ConsoleRoute["prefetch"]): FirstScreen => ({
    routes: [{ path: "users", access: "query-users", component: page, prefetch }],
    realm: "demo",
    path: "users",
  });
  const flush = () => new Promise((resolve) => setTimeout(resolve));

  it("start the route's reads from the token's roles, before who-am-I answers, and once", async () => {
    const prefetch = vi.fn();
    const { runtime, answerWhoAmI } = runtimeWith(
      token({ resource_access: { "demo-realm": { roles: ["query-users", "view-users"] } } }),
    );
    prefetchFirstScreen(runtime, usersScreen(prefetch));
    await flush();
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(prefetch.mock.calls[0]![0].access.hasAccess("view-users")).toBe(true);
    answerWhoAmI({ realm_access: { demo: ["query-users"] } });
    await flush();
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it("ask for server info only for an element that reads it as it first renders", async () => {
    const users = runtimeWith(token({}));
    prefetchFirstScreen(users.runtime, usersScreen(vi.fn()));
    const shell = runtimeWith(token({}));
    prefetchFirstScreen(shell.runtime, { ...usersScreen(vi.fn()), readsServerInfo: true });
    await flush();
    expect(users.findServerInfo).not.toHaveBeenCalled();
    expect(shell.findServerInfo).toHaveBeenCalledTimes(1);
  });

  it("wait for who-am-I when the token does not show the route's access", async () => {
    const prefetch = vi.fn();
    const { runtime, answerWhoAmI } = runtimeWith(token({ resource_access: {} }));
    prefetchFirstScreen(runtime, usersScreen(prefetch));
    await flush();
    expect(prefetch).not.toHaveBeenCalled();
    answerWhoAmI({ userId: "u", realm_access: { demo: ["query-users"] } });
    await flush();
    expect(prefetch).toHaveBeenCalledTimes(1);
  });
});
