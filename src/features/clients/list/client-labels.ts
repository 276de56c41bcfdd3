import type { TFunction } from "i18next";

const PLACEHOLDER = /^\$\{(.+)\}$/;

/** A client's name or description: `${key}` is looked up (realm overrides first) and shown as stored when unknown. */
export function clientLabel(t: TFunction, text: string | undefined): string {
  if (!text) return "";
  const key = PLACEHOLDER.exec(text)?.[1];
  return key ? t(key, { defaultValue: text }) : text;
}
