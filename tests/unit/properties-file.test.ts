import { describe, expect, it } from "vitest";
import { parseProperties } from "../../demo/server/src/admin/translations/properties-file.ts";
import { applicableLocales, themeFileLocale } from "../../demo/server/src/admin/translations/locale-chain.ts";

describe("Java properties", () => {
  it("reads '=', ':' and whitespace separators and skips comments and blank lines", () => {
    const parsed = parseProperties("# comment\n! also a comment\n\n  a=1\nb: 2\nc 3\nd\t=  four \ne=\n");
    expect([...parsed]).toEqual([
      ["a", "1"],
      ["b", "2"],
      ["c", "3"],
      ["d", "four "],
      ["e", ""],
    ]);
  });

  it("unescapes \\uXXXX, \\:, \\=, \\n and escaped key characters", () => {
    const parsed = parseProperties(
      "key\\:with\\=sep=a\\:b\\=c\ngreek=\\u03b1\\u03B2\nlines=one\\ntwo\nslash=back\\\\slash\n",
    );
    expect(parsed.get("key:with=sep")).toBe("a:b=c");
    expect(parsed.get("greek")).toBe("αβ");
    expect(parsed.get("lines")).toBe("one\ntwo");
    expect(parsed.get("slash")).toBe("back\\slash");
  });

  it("joins continued lines without their leading whitespace, but not after an escaped backslash", () => {
    const parsed = parseProperties("long=first \\\n    second \\\r\n\tthird\nend=path\\\\\nnext=1\n");
    expect(parsed.get("long")).toBe("first second third");
    expect(parsed.get("end")).toBe("path\\");
    expect(parsed.get("next")).toBe("1");
  });

  it("keeps '#' inside a continued value and lets a later key win", () => {
    const parsed = parseProperties("a=x \\\n # not a comment\na=y\n");
    expect(parsed.get("a")).toBe("y");
    expect(parseProperties("a=x \\\n # not a comment\n").get("a")).toBe("x # not a comment");
  });
});

describe("locale levels", () => {
  it("walks from the most specific locale to English, as Keycloak's LocaleUtil does", () => {
    expect(applicableLocales("de")).toEqual(["de", "en"]);
    expect(applicableLocales("de-ch")).toEqual(["de-CH", "de", "en"]);
    expect(applicableLocales("pt_BR")).toEqual(["pt-BR", "pt", "en"]);
    expect(applicableLocales("zh-Hans")).toEqual(["zh-Hans", "en"]);
    expect(applicableLocales("zh-Hans-CN")).toEqual(["zh-Hans-CN", "zh", "en"]);
    expect(applicableLocales("en")).toEqual(["en"]);
    expect(applicableLocales("../../etc")).toEqual(["en"]);
  });

  it("names the theme files as Keycloak 26 ships them", () => {
    expect(themeFileLocale("pt-BR")).toBe("pt_BR");
    expect(themeFileLocale("zh-CN")).toBe("zh_Hans");
    expect(themeFileLocale("zh-TW")).toBe("zh_Hant");
    expect(themeFileLocale("de")).toBe("de");
  });
});
