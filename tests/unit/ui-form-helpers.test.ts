import { describe, expect, it } from "vitest";
import { EMAIL_PATTERN, TYPEAHEAD_THRESHOLD } from "../../src/core/ui/form/form-constants.ts";
import { keyValueToMap, mapToKeyValue } from "../../src/core/ui/form/key-value-convert.ts";
import { multiValueEntries } from "../../src/core/ui/form/multi-value-control.tsx";
import { toStepperValue } from "../../src/core/ui/form/number-control.tsx";
import { parseJsonText } from "../../src/core/ui/form/parse-json-file.ts";
import { serverFieldErrors, translateServerMessage } from "../../src/core/ui/form/server-errors.ts";
import { splitSeconds } from "../../src/core/ui/form/time-units.ts";

describe("email pattern", () => {
  it.each(["alice@example.com", "a.b+c@mail.example.org", "x@[192.168.0.1]", "o'neil@sub.domain.io"])(
    "accepts %s",
    (value) => {
      expect(EMAIL_PATTERN.test(value)).toBe(true);
    },
  );
  it.each([
    "alice",
    "alice@",
    "alice@example",
    "alice@example.c",
    "a b@example.com",
    "x@[999.1.1.1]",
    "x@example.c0m",
    "@example.com",
  ])("rejects %s", (value) => {
    expect(EMAIL_PATTERN.test(value)).toBe(false);
  });
});

describe("form helpers", () => {
  it("has the spec's typeahead threshold", () => expect(TYPEAHEAD_THRESHOLD).toBe(10));

  it("converts key-value rows to a map of lists and back", () => {
    const rows = [
      { key: "dept", value: "sales" },
      { key: "dept", value: "it" },
      { key: "", value: "ignored" },
      { key: " floor ", value: "3" },
    ];
    expect(keyValueToMap(rows)).toEqual({ dept: ["sales", "it"], floor: ["3"] });
    expect(mapToKeyValue({ dept: ["sales", "it"], floor: "3", none: [] })).toEqual([
      { key: "dept", value: "sales" },
      { key: "dept", value: "it" },
      { key: "floor", value: "3" },
      { key: "none", value: "" },
    ]);
  });

  it("keeps at least one multi-value entry", () => {
    expect(multiValueEntries(undefined)).toEqual([""]);
    expect(multiValueEntries([])).toEqual([""]);
    expect(multiValueEntries("a##b", true)).toEqual(["a", "b"]);
    expect(multiValueEntries("", true)).toEqual([""]);
  });

  it("keeps stepper values numeric and within min/max", () => {
    expect(toStepperValue("abc", 5, 1)).toBe(5);
    expect(toStepperValue("", 5)).toBe(5);
    expect(toStepperValue(-3, 5, 0)).toBe(0);
    expect(toStepperValue("12", 5, 0, 10)).toBe(10);
    expect(toStepperValue("7", 5, 0)).toBe(7);
  });

  it("splits seconds into the largest exact unit", () => {
    expect(splitSeconds(86400)).toEqual({ amount: 1, unit: "day" });
    expect(splitSeconds(5400)).toEqual({ amount: 90, unit: "minute" });
    expect(splitSeconds(61)).toEqual({ amount: 61, unit: "second" });
    expect(splitSeconds(7200, ["minute", "hour"])).toEqual({ amount: 2, unit: "hour" });
    expect(splitSeconds(0, ["minute", "hour"])).toEqual({ amount: 0, unit: "minute" });
  });

  it("parses JSON files or says why not", () => {
    expect(parseJsonText('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    const bad = parseJsonText("{oops");
    expect(bad.ok).toBe(false);
  });

  it("reads both server error shapes", () => {
    expect(serverFieldErrors({ responseData: { field: "email", errorMessage: "bad" } })).toEqual([
      { field: "email", errorMessage: "bad", params: undefined },
    ]);
    expect(serverFieldErrors({ errors: [{ field: "a", errorMessage: "x", params: [1] }, { nope: true }] })).toEqual([
      { field: "a", errorMessage: "x", params: [1] },
    ]);
    expect(serverFieldErrors(new Error("plain"))).toEqual([]);
  });

  it("looks up ${key} messages with their params", () => {
    const t = ((key: string, options: Record<string, string>) =>
      key === "tooLong" ? `max ${options["0"]}` : options.defaultValue) as never;
    expect(translateServerMessage("${tooLong}", [20], t)).toBe("max 20");
    expect(translateServerMessage("Plain text", undefined, t)).toBe("Plain text");
  });
});
