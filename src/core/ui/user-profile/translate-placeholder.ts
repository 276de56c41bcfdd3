import type { TFunction } from "i18next";

const PLACEHOLDER = /^\$\{(.+)\}$/;

/** `${key}` texts from the server are translation keys (the realm's overrides first); other texts are shown as they are. */
export function translatePlaceholder(t: TFunction, text: string | undefined): string | undefined {
  if (!text) return text;
  const key = PLACEHOLDER.exec(text)?.[1];
  return key ? t(key, { defaultValue: key }) : text;
}
