/** Languages written right to left; the element gets dir="rtl" for them. */
export const RTL_LANGUAGES = ["ar", "dv", "fa", "ha", "he", "iw", "ji", "ps", "sd", "ug", "ur", "yi"] as const;

export function isRightToLeft(language: string | undefined): boolean {
  const base = (language ?? "").toLowerCase().split(/[-_]/)[0];
  return (RTL_LANGUAGES as readonly string[]).includes(base);
}

export const textDirection = (language: string | undefined): "rtl" | "ltr" => (isRightToLeft(language) ? "rtl" : "ltr");
