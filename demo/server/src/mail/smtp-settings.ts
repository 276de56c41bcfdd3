/** A realm's `smtpServer` map (Keycloak keeps every value as a string) read into what the SMTP client needs. */
export interface SmtpSettings {
  host: string;
  port: number;
  /** Implicit TLS from the first byte (`ssl`). */
  ssl: boolean;
  /** Upgrade with STARTTLS after EHLO (`starttls`). */
  starttls: boolean;
  auth?: { user: string; password: string };
  from: string;
  fromDisplayName?: string;
  replyTo?: string;
  replyToDisplayName?: string;
  envelopeFrom?: string;
  allowUtf8: boolean;
  /** Milliseconds for connecting and for each server answer (Keycloak's default: 10 s each). */
  connectionTimeout: number;
  timeout: number;
}

export class MailError extends Error {}

const DEFAULT_TIMEOUT = 10_000;
const text = (value: unknown): string | undefined =>
  value === undefined || value === null || String(value).trim() === "" ? undefined : String(value).trim();
const flag = (value: unknown): boolean => String(value).toLowerCase() === "true";

function milliseconds(value: unknown): number {
  const n = Number(text(value));
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_TIMEOUT;
}

/** Reads `smtpServer` as Keycloak's DefaultEmailSenderProvider does; throws MailError for what it refuses. */
export function smtpSettingsFrom(map: Record<string, unknown> | undefined): SmtpSettings {
  const config = map ?? {};
  const from = text(config.from);
  if (!from)
    throw new MailError(
      "Invalid sender address 'null'. If the address contains UTF-8 characters in the local part please ensure the SMTP server supports the SMTPUTF8 extension and enable 'Allow UTF-8' in the email realm configuration.",
    );
  const host = text(config.host);
  if (!host) throw new MailError("No SMTP host configured in the realm settings for emails");
  const ssl = flag(config.ssl);
  const port = text(config.port) === undefined ? (ssl ? 465 : 25) : Number(text(config.port));
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new MailError(`Invalid SMTP port: ${config.port}`);
  const authOn = flag(config.auth);
  const authType = text(config.authType) ?? "basic";
  if (authOn && authType !== "basic") throw new MailError(`SMTP authentication type not supported: ${authType}`);
  return {
    host,
    port,
    ssl,
    starttls: flag(config.starttls),
    auth: authOn ? { user: text(config.user) ?? "", password: String(config.password ?? "") } : undefined,
    from,
    fromDisplayName: text(config.fromDisplayName),
    replyTo: text(config.replyTo),
    replyToDisplayName: text(config.replyToDisplayName),
    envelopeFrom: text(config.envelopeFrom),
    allowUtf8: flag(config.allowutf8),
    connectionTimeout: milliseconds(config.connectionTimeout),
    timeout: milliseconds(config.timeout),
  };
}
