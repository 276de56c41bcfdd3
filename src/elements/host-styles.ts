/**
 * A host's own CSS for one element (the `styles` property): a string or a CSSStyleSheet,
 * adopted after PatternFly's shared sheets. Constructable sheets apply under `style-src 'self'`,
 * where an injected <style> element would be blocked.
 */
export type HostStyles = string | CSSStyleSheet | readonly CSSStyleSheet[] | undefined | null;

export function toSheets(styles: HostStyles): CSSStyleSheet[] {
  if (!styles) return [];
  if (typeof styles !== "string") return Array.isArray(styles) ? [...styles] : [styles as CSSStyleSheet];
  if (typeof CSSStyleSheet !== "function") return [];
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(styles);
  return [sheet];
}
