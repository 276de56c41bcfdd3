import type { ThemeName } from "../runtime/element-props.ts";

export const DARK_THEME_CLASS = "pf-v6-theme-dark";
/** Custom state of the host element while its resolved theme is dark (the build keys `:host` dark tokens on it). */
export const DARK_THEME_STATE = "dark";
const DARK_SCHEME_QUERY = "(prefers-color-scheme: dark)";

export type ResolvedTheme = "light" | "dark";

export function parseTheme(value: string | null | undefined): ThemeName {
  return value === "dark" || value === "auto" || value === "inherit" ? value : "light";
}

function prefersDark(): boolean {
  return typeof matchMedia === "function" && matchMedia(DARK_SCHEME_QUERY).matches;
}

/**
 * `light`/`dark` as given; `auto` follows prefers-color-scheme; `inherit` follows the host page's
 * PatternFly dark class on <html>, then prefers-color-scheme.
 */
export function resolveTheme(theme: ThemeName, doc: Document = document): ResolvedTheme {
  if (theme === "light" || theme === "dark") return theme;
  if (theme === "inherit" && doc.documentElement.classList.contains(DARK_THEME_CLASS)) return "dark";
  return prefersDark() ? "dark" : "light";
}

/** Calls `onChange` with the resolved theme now and whenever the page or the system changes it. */
export function watchTheme(theme: ThemeName, onChange: (resolved: ResolvedTheme) => void): () => void {
  let current = resolveTheme(theme);
  onChange(current);
  if (theme === "light" || theme === "dark") return () => {};
  const recheck = () => {
    const next = resolveTheme(theme);
    if (next !== current) onChange((current = next));
  };
  const media = typeof matchMedia === "function" ? matchMedia(DARK_SCHEME_QUERY) : undefined;
  media?.addEventListener("change", recheck);
  const observer = theme === "inherit" ? new MutationObserver(recheck) : undefined;
  observer?.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => {
    media?.removeEventListener("change", recheck);
    observer?.disconnect();
  };
}
