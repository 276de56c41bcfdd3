import type { RealmRecord } from "../store/types.ts";
import type { Json } from "./representation.ts";

export const SMTP_PASSWORD_MASK = "**********";

/** Keycloak never hands out the SMTP password: a set one reads as `**********`. */
export function withMaskedSmtpPassword<T extends Json>(rep: T): T {
  const smtp = rep.smtpServer as Record<string, unknown> | undefined;
  if (!smtp || typeof smtp !== "object" || !smtp.password) return rep;
  return { ...rep, smtpServer: { ...smtp, password: SMTP_PASSWORD_MASK } };
}

/** An update that sends the mask back keeps the stored SMTP password. */
export function keepMaskedSmtpPassword(before: RealmRecord, next: RealmRecord): void {
  const smtp = next.settings.smtpServer as Record<string, unknown> | undefined;
  if (!smtp || typeof smtp !== "object" || smtp.password !== SMTP_PASSWORD_MASK) return;
  const stored = (before.settings.smtpServer as Record<string, unknown> | undefined)?.password;
  next.settings.smtpServer = { ...smtp, password: stored ?? "" };
}
