/// <reference types="vite/client" />
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** Keycloak's admin English: the texts a real server serves at /resources/{realm}/admin/en. */
const KEYCLOAK_ENGLISH = "node_modules/@keycloakify/keycloak-admin-ui/keycloak-theme/admin/i18n/messages_en.properties";

/** Java properties: `key=value`, `\` at a line's end continues it, `\x` stands for x. */
function parseProperties(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  const lines = text.split(/\r?\n/);
  const unescape = (value: string) =>
    value.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, escaped: string) =>
      escaped.length === 5
        ? String.fromCharCode(parseInt(escaped.slice(1), 16))
        : ({ n: "\n", t: "\t" }[escaped] ?? escaped),
    );
  for (let index = 0; index < lines.length; index++) {
    let line = lines[index]!.trimStart();
    if (!line || line.startsWith("#") || line.startsWith("!")) continue;
    while (/(^|[^\\])(\\\\)*\\$/.test(line) && index + 1 < lines.length)
      line = line.slice(0, -1) + lines[++index]!.trimStart();
    const match = /^((?:[^=:\s\\]|\\.)*)\s*[=:\s]\s*(.*)$/.exec(line);
    if (match) entries.set(unescape(match[1]!), unescape(match[2]!));
  }
  return entries;
}

/** Every bundle the console registers: exported objects of string texts in the message modules. */
const modules = import.meta.glob<Record<string, unknown>>(
  ["/src/**/*messages.ts", "!/src/core/i18n/message-bundles.ts"],
  {
    eager: true,
  },
);
const bundled = new Map<string, { text: string; file: string }>();
for (const [file, exports] of Object.entries(modules))
  for (const value of Object.values(exports))
    if (value && typeof value === "object" && Object.values(value).every((text) => typeof text === "string"))
      for (const [key, text] of Object.entries(value as Record<string, string>)) bundled.set(key, { text, file });

const keycloak = parseProperties(readFileSync(KEYCLOAK_ENGLISH, "utf8"));
const params = (text: string) => [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]))].sort();

describe("message keys", () => {
  it("reads Keycloak's English and our bundles", () => {
    expect(keycloak.size).toBeGreaterThan(4000);
    expect(keycloak.get("createUser")).toBe("Create user");
    expect(bundled.size).toBeGreaterThan(300);
  });

  it("gives every Keycloak key Keycloak's English text and parameters", () => {
    const differing = [...bundled]
      .filter(([key, { text }]) => keycloak.has(key) && keycloak.get(key) !== text)
      .map(
        ([key, { text, file }]) =>
          `${file} ${key}: ${JSON.stringify(text)}, Keycloak: ${JSON.stringify(keycloak.get(key))}`,
      );
    expect(differing).toEqual([]);
    const paramsDiffer = [...bundled]
      .filter(([key, { text }]) => keycloak.has(key) && params(text).join() !== params(keycloak.get(key)!).join())
      .map(([key]) => key);
    expect(paramsDiffer).toEqual([]);
  });

  it("keeps plural keys in pairs, as Keycloak has them", () => {
    const unpaired = [...bundled.keys()].filter((key) => {
      const plural = /^(.*)_(one|other)$/.exec(key);
      return plural && !bundled.has(`${plural[1]}_${plural[2] === "one" ? "other" : "one"}`);
    });
    expect(unpaired).toEqual([]);
  });

  it("uses Keycloak's key wherever Keycloak has the same text", () => {
    // Keycloak's dotted keys are nested paths to i18next's default key separator: we do not use them.
    const keysByText = new Map<string, string[]>();
    for (const [key, text] of keycloak)
      if (!key.includes(".")) keysByText.set(text, [...(keysByText.get(text) ?? []), key]);
    const missed = [...bundled]
      .filter(([key, { text }]) => !keycloak.has(key) && keysByText.has(text))
      .map(([key, { text, file }]) => `${file} ${key} ${JSON.stringify(text)} -> ${keysByText.get(text)!.join(", ")}`);
    expect(missed).toEqual([]);
  });
});
