import { afterEach, describe, expect, it, vi } from "vitest";
import { createI18n, loadRealmBundle, realmTranslator } from "../../src/core/i18n/create-i18n.ts";
import { registerMessages } from "../../src/core/i18n/message-bundles.ts";
import { isRightToLeft, RTL_LANGUAGES, textDirection } from "../../src/core/i18n/rtl.ts";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("right-to-left languages", () => {
  it("lists exactly the spec's languages", () => {
    expect([...RTL_LANGUAGES].sort()).toEqual(["ar", "dv", "fa", "ha", "he", "iw", "ji", "ps", "sd", "ug", "ur", "yi"]);
  });
  it("recognises regional variants and leaves others left to right", () => {
    expect(isRightToLeft("ar-EG")).toBe(true);
    expect(isRightToLeft("fa_IR")).toBe(true);
    expect(textDirection("he")).toBe("rtl");
    expect(textDirection("en")).toBe("ltr");
    expect(textDirection("fr-CA")).toBe("ltr");
    expect(textDirection(undefined)).toBe("ltr");
  });
});

describe("i18n", () => {
  afterEach(() => vi.useRealTimers());

  it("serves bundled English and falls back to it ('dev') in other languages", async () => {
    registerMessages("i18n-test", { i18nTestGreeting: "Hello {{name}}" });
    const i18n = await createI18n("http://server", async () => json([]));
    expect(i18n.t("i18nTestGreeting", { name: "Ada" })).toBe("Hello Ada");
    expect(realmTranslator(i18n, "acme", "de")("i18nTestGreeting", { name: "Ada" })).toBe("Hello Ada");
    expect(i18n.options.fallbackLng).toEqual(["dev"]);
    expect(i18n.options.interpolation?.maxReplaces).toBe(1000);
  });

  it("reads the server's bundle from resources/{realm}/admin/{lng}; it wins, our English fills its gaps", async () => {
    registerMessages("i18n-test-2", { i18nTestTitle: "Bundled title", i18nTestOwn: "Only ours" });
    const urls: string[] = [];
    let answer: (response: Response) => void = () => undefined;
    const i18n = await createI18n("http://server/", (url) => {
      urls.push(url);
      return new Promise((resolve) => (answer = resolve));
    });
    const german = () => realmTranslator(i18n, "acme", "de");
    const loading = loadRealmBundle(i18n, "acme", "de");
    expect(german()("i18nTestTitle")).toBe("Bundled title");
    answer(json([{ key: "i18nTestTitle", value: "Titel vom Server" }]));
    await loading;
    expect(urls).toEqual(["http://server/resources/acme/admin/de"]);
    expect(german()("i18nTestTitle")).toBe("Titel vom Server");
    expect(german()("i18nTestOwn")).toBe("Only ours");
    expect(realmTranslator(i18n, "acme", "en")("i18nTestTitle")).toBe("Bundled title");
    expect(realmTranslator(i18n, "other", "de")("i18nTestTitle")).toBe("Bundled title");
    await loadRealmBundle(i18n, "acme", "de");
    expect(urls).toHaveLength(1);
  });

  it("reads only the asked-for language: no English bundle beside a German one", async () => {
    const urls: string[] = [];
    const i18n = await createI18n("http://server", async (url) => {
      urls.push(url);
      return json([]);
    });
    await loadRealmBundle(i18n, "acme", "de-CH");
    expect(urls).toEqual(["http://server/resources/acme/admin/de-CH"]);
  });

  it("retries a failing server 5 times, from 350 ms doubling, then warns once", async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const attempts: number[] = [];
    const i18n = await createI18n("http://server", async () => {
      attempts.push(Date.now());
      return json({ error: "down" }, 503);
    });
    const start = Date.now();
    const loading = loadRealmBundle(i18n, "flaky", "de");
    await vi.advanceTimersByTimeAsync(350 + 700 + 1400 + 2800 + 5600 + 100);
    await loading;
    expect(attempts.map((t) => t - start)).toEqual([0, 350, 1050, 2450, 5250, 10850]);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it("gives up at once on a refused read (CORS, offline, 4xx): one warning, English stays", async () => {
    registerMessages("i18n-test-3", { i18nTestRefused: "Still English" });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    let attempts = 0;
    const i18n = await createI18n("http://server", async () => {
      attempts++;
      throw new TypeError("Failed to fetch");
    });
    await loadRealmBundle(i18n, "elsewhere", "de");
    await loadRealmBundle(i18n, "elsewhere", "de");
    expect(attempts).toBe(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain("Failed to fetch");
    expect(realmTranslator(i18n, "elsewhere", "de")("i18nTestRefused")).toBe("Still English");
    warn.mockRestore();
  });

  it("reads at most 10 bundles at a time", async () => {
    let inFlight = 0;
    let peak = 0;
    const i18n = await createI18n("http://server", async () => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      return json([]);
    });
    await Promise.all(Array.from({ length: 25 }, (_, i) => loadRealmBundle(i18n, `realm-${i}`, "de")));
    expect(peak).toBe(10);
  });
});
