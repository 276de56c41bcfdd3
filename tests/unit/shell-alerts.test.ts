import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { newAlertId, withAlert } from "../../src/core/ui/alerts/alert-list.ts";
import { AlertStore } from "../../src/core/ui/alerts/alert-store.ts";
import { errorTexts } from "../../src/core/api/api-error.ts";

describe("alerts", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("puts new alerts first", () => {
    const store = new AlertStore();
    store.add("first");
    store.add("second", "danger", "details");
    expect(store.alerts.map((a) => a.message)).toEqual(["second", "first"]);
    expect(store.alerts[0]).toMatchObject({ variant: "danger", description: "details" });
  });

  it("gives ids from 0 to 999, unique among shown alerts", () => {
    const store = new AlertStore();
    for (let i = 0; i < 50; i++) store.add(`alert ${i}`);
    const ids = store.alerts.map((a) => a.id);
    expect(new Set(ids).size).toBe(50);
    expect(ids.every((id) => Number.isInteger(id) && id >= 0 && id <= 999)).toBe(true);
    expect(newAlertId([], () => 0.9999)).toBe(999);
    expect(newAlertId([], () => 0)).toBe(0);
  });

  it("avoids an id already shown", () => {
    const randoms = [0.5, 0.5, 0.1];
    expect(newAlertId(withAlert([], { id: 500, message: "x", variant: "info" }), () => randoms.shift()!)).toBe(100);
  });

  it("dismisses after 8000 ms", () => {
    const store = new AlertStore();
    store.add("short-lived");
    vi.advanceTimersByTime(7999);
    expect(store.alerts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.alerts).toHaveLength(0);
  });

  it("closes on demand and tells subscribers", () => {
    const store = new AlertStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const id = store.add("closable");
    store.remove(id);
    expect(store.alerts).toHaveLength(0);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe("error texts of a failed call", () => {
  const failed = (responseData: unknown) => ({ response: { status: 400 }, responseData });

  it("shows Keycloak's sentence instead of a message key given with a description", () => {
    const error = failed({
      error: "invalidPasswordMinLengthMessage",
      error_description: "Invalid password: minimum length 12.",
    });
    expect(errorTexts(error)).toEqual({ text: "Invalid password: minimum length 12." });
  });

  it("keeps a sentence as the text and the description beside it", () => {
    const error = failed({ errorMessage: "Client app already exists", error_description: "more" });
    expect(errorTexts(error)).toEqual({ text: "Client app already exists", description: "more" });
  });

  it("keeps a key without a description as it is", () => {
    expect(errorTexts(failed({ error: "unknown_error" }))).toEqual({ text: "unknown_error" });
  });
});
