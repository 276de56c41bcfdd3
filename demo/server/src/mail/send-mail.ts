import { hostname } from "node:os";
import type { ConnectionOptions } from "node:tls";
import { SmtpConnection } from "./smtp-connection.ts";
import { checkAddress, dataBlock, mimeMessage, type MailContent } from "./mime-message.ts";
import { MailError, type SmtpSettings } from "./smtp-settings.ts";

export interface SendOptions {
  /** Extra TLS options, e.g. a test's CA; the server certificate is still verified. */
  tls?: ConnectionOptions;
}

function extensions(lines: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const line of lines.slice(1)) {
    const [keyword, ...rest] = line.trim().split(/\s+/);
    if (keyword) found.set(keyword.toUpperCase(), rest.join(" ").toUpperCase());
  }
  return found;
}

async function greet(connection: SmtpConnection, name: string): Promise<Map<string, string>> {
  connection.write(`EHLO ${name}\r\n`);
  const reply = await connection.read();
  if (reply.code === 250) return extensions(reply.lines);
  await connection.command(`HELO ${name}`, [250]);
  return new Map();
}

async function authenticate(connection: SmtpConnection, ehlo: Map<string, string>, user: string, password: string) {
  const methods = (ehlo.get("AUTH") ?? "").split(" ");
  if (methods.includes("PLAIN")) {
    const token = Buffer.from(`\0${user}\0${password}`).toString("base64");
    await connection.command(`AUTH PLAIN ${token}`, [235], "AUTH PLAIN");
  } else if (methods.includes("LOGIN")) {
    await connection.command("AUTH LOGIN", [334]);
    await connection.command(Buffer.from(user).toString("base64"), [334], "AUTH LOGIN user");
    await connection.command(Buffer.from(password).toString("base64"), [235], "AUTH LOGIN password");
  } else throw new MailError("SMTP server offers neither AUTH PLAIN nor AUTH LOGIN");
}

/**
 * Sends one message with a realm's SMTP settings: EHLO, STARTTLS or implicit TLS, AUTH, MAIL FROM (the envelope
 * sender when set), RCPT TO, DATA, QUIT. Throws MailError with the server's answer when a step fails.
 */
export async function sendMail(settings: SmtpSettings, content: MailContent, options: SendOptions = {}): Promise<void> {
  const to = checkAddress(content.to, "recipient");
  const envelopeFrom = checkAddress(settings.envelopeFrom ?? settings.from, "envelope sender");
  const message = mimeMessage(settings, content, settings.host);
  const connection = await SmtpConnection.open({
    host: settings.host,
    port: settings.port,
    implicitTls: settings.ssl,
    connectionTimeout: settings.connectionTimeout,
    timeout: settings.timeout,
    tls: options.tls,
  });
  try {
    await connection.expect([220], "SMTP greeting");
    const name = hostname() || "localhost";
    let ehlo = await greet(connection, name);
    if (settings.starttls && !settings.ssl) {
      if (!ehlo.has("STARTTLS")) throw new MailError("STARTTLS is required but host does not support STARTTLS");
      await connection.command("STARTTLS", [220]);
      await connection.upgradeToTls();
      ehlo = await greet(connection, name);
    }
    if (settings.auth) await authenticate(connection, ehlo, settings.auth.user, settings.auth.password);
    const utf8 =
      [...(envelopeFrom + to)].some((c) => c.charCodeAt(0) > 0x7f) && ehlo.has("SMTPUTF8") ? " SMTPUTF8" : "";
    await connection.command(`MAIL FROM:<${envelopeFrom}>${utf8}`, [250]);
    await connection.command(`RCPT TO:<${to}>`, [250, 251]);
    await connection.command("DATA", [354]);
    connection.write(dataBlock(message));
    await connection.expect([250], "DATA");
    connection.write("QUIT\r\n");
    await connection.read().catch(() => undefined);
  } finally {
    connection.close();
  }
}
