/** A locale's name in its own language ("Deutsch", "العربية", "português (Brasil)"); the tag when unknown. */
export function nativeLanguageName(locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: "language" }).of(locale);
    return name ? name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) : locale;
  } catch {
    return locale;
  }
}
