import type { Realm } from "./queries.ts";

/** Keycloak's `smtpServer` map: every value a string ("true"/"false" for the switches). */
export const SMTP_FIELDS = [
  "from",
  "fromDisplayName",
  "replyTo",
  "replyToDisplayName",
  "envelopeFrom",
  "host",
  "port",
  "ssl",
  "starttls",
  "auth",
  "authType",
  "user",
  "password",
  "authTokenUrl",
  "authTokenScope",
  "authTokenClientId",
  "authTokenClientSecret",
] as const;
export type SmtpField = (typeof SMTP_FIELDS)[number];
export type EmailValues = Record<SmtpField, string>;

const DEFAULTS: Partial<EmailValues> = { ssl: "false", starttls: "false", auth: "false", authType: "basic" };

export function toEmailValues(realm: Realm): EmailValues {
  const stored = (realm.smtpServer ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    SMTP_FIELDS.map((field) => [field, stored[field] === undefined ? (DEFAULTS[field] ?? "") : String(stored[field])]),
  ) as EmailValues;
}

/** The map to store or test: empty fields left out, the other authentication type's fields too. */
export function toSmtpServer(values: EmailValues): Record<string, string> {
  const tokenFields: SmtpField[] = ["authTokenUrl", "authTokenScope", "authTokenClientId", "authTokenClientSecret"];
  const skipped = new Set<SmtpField>(
    values.auth !== "true"
      ? ["authType", "user", "password", ...tokenFields]
      : values.authType === "token"
        ? ["password"]
        : tokenFields,
  );
  return Object.fromEntries(
    SMTP_FIELDS.filter((field) => !skipped.has(field) && values[field].trim() !== "").map((field) => [
      field,
      field === "password" || field === "authTokenClientSecret" ? values[field] : values[field].trim(),
    ]),
  );
}
