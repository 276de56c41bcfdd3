export const HELP_STORAGE_KEY = "helpEnabled";

/** Help mode from local storage; on unless explicitly switched off. */
export function readHelpEnabled(storage: Storage | undefined = globalThis.localStorage): boolean {
  try {
    const value = storage?.getItem(HELP_STORAGE_KEY);
    return value === null || value === undefined ? true : value !== "false";
  } catch {
    return true;
  }
}

export function writeHelpEnabled(enabled: boolean, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(HELP_STORAGE_KEY, String(enabled));
  } catch {
    /* storage unavailable: the setting lasts for this page only */
  }
}

/** Calls back when another tab changes the setting. */
export function watchHelpEnabled(onChange: (enabled: boolean) => void, target: Window = window): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === HELP_STORAGE_KEY) onChange(event.newValue !== "false");
  };
  target.addEventListener("storage", listener);
  return () => target.removeEventListener("storage", listener);
}
