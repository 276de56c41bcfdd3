import { afterEach, describe, expect, it, vi } from "vitest";
import { createI18n } from "../../src/core/i18n/create-i18n.ts";
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
    await i18n.changeLanguage("de");
    expect(i18n.t("i18nTestGreeting", { name: "Ada" })).toBe("Hello Ada");
    expect(i18n.options.fallbackLng).toEqual(["dev"]);
    expect(i18n.options.interpolation?.maxReplaces).toBe(1000);
  });

  it("loads realm overrides from resources/{realm}/admin/{lng} as key/value pairs", async () => {
    registerMessages("i18n-test-2", { i18nTestTitle: "Bundled title" });
    const urls: string[] = [];
    const i18n = await createI18n("http://server/", async (url) => {
      urls.push(url);
      return json([{ key: "i18nTestTitle", value: "Realm title" }]);
    });
    await i18n.loadNamespaces("acme");
    expect(urls).toEqual(["http://server/resources/acme/admin/en"]);
    expect(i18n.t("i18nTestTitle", { ns: ["acme", "translation"] })).toBe("Realm title");
    expect(i18n.t("i18nTestTitle")).toBe("Bundled title");
  });

  it("retries a failed read 5 times, from 350 ms doubling, then only warns", async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const attempts: number[] = [];
    const i18n = await createI18n("http://server", async () => {
      attempts.push(Date.now());
      return json({ error: "down" }, 503);
    });
    const start = Date.now();
    const loading = i18n.loadNamespaces("flaky");
    await vi.advanceTimersByTimeAsync(350 + 700 + 1400 + 2800 + 5600 + 100);
    await loading;
    expect(attempts.map((t) => t - start)).toEqual([0, 350, 1050, 2450, 5250, 10850]);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it("reads at most 10 namespaces at a time", async () => {
    let inFlight = 0;
    let peak = 0;
    const i18n = await createI18n("http://server", async () => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      return json([]);
    });
    await i18n.loadNamespaces(Array.from({ length: 25 }, (_, i) => `realm-${i}`));
    expect(peak).toBe(10);
  });
});
