// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  HELP_STORAGE_KEY,
  readHelpEnabled,
  watchHelpEnabled,
  writeHelpEnabled,
} from "../../src/core/ui/help/help-setting.ts";

describe("help mode setting", () => {
  beforeEach(() => localStorage.clear());

  it("is on by default", () => expect(readHelpEnabled()).toBe(true));

  it("persists under helpEnabled", () => {
    writeHelpEnabled(false);
    expect(localStorage.getItem(HELP_STORAGE_KEY)).toBe("false");
    expect(readHelpEnabled()).toBe(false);
    writeHelpEnabled(true);
    expect(readHelpEnabled()).toBe(true);
  });

  it("follows other tabs through the storage event", () => {
    const changed = vi.fn();
    const stop = watchHelpEnabled(changed);
    window.dispatchEvent(new StorageEvent("storage", { key: HELP_STORAGE_KEY, newValue: "false" }));
    window.dispatchEvent(new StorageEvent("storage", { key: "other", newValue: "false" }));
    window.dispatchEvent(new StorageEvent("storage", { key: HELP_STORAGE_KEY, newValue: "true" }));
    stop();
    window.dispatchEvent(new StorageEvent("storage", { key: HELP_STORAGE_KEY, newValue: "false" }));
    expect(changed.mock.calls).toEqual([[false], [true]]);
  });
});
