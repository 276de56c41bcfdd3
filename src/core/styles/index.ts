export { adoptStyles, releaseStyles, registeredSheets, registerSheet } from "./sheet-registry.ts";
export { parseTheme, resolveTheme, watchTheme, DARK_THEME_CLASS, type ResolvedTheme } from "./theme.ts";
