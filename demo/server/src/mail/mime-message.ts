import { randomBytes } from "node:crypto";
import { MailError } from "./smtp-settings.ts";

export interface MailContent {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailHeaders {
  from: string;
  fromDisplayName?: string;
  replyTo?: string;
  replyToDisplayName?: string;
}

const ADDRESS = /^[^\s<>()",;:\\[\]@]+@[^\s<>()",;:\\[\]@]+$/u;
const ASCII_PRINTABLE = /^[\x20-\x7e]*$/;
const ATOM_TEXT = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~ ]*$/;

/** Throws unless `address` is one plain mailbox (no display part, no header or command injection). */
export function checkAddress(address: string, what: string): string {
  if (!ADDRESS.test(address)) throw new MailError(`Invalid ${what} address: ${address}`);
  return address;
}

/** RFC 2047 encoded words (UTF-8, base64), each at most 75 characters and never splitting a character. */
export function encodeWords(value: string): string {
  const words: string[] = [];
  let chunk = "";
  for (const char of value) {
    const next = chunk + char;
    if (Buffer.byteLength(next) > 45) {
      words.push(chunk);
      chunk = char;
    } else chunk = next;
  }
  if (chunk) words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word).toString("base64")}?=`).join("\r\n ");
}

/** A header value kept as is when it is short printable ASCII, else encoded words. */
export function headerText(value: string): string {
  const clean = value.replace(/[\r\n]+/g, " ");
  return ASCII_PRINTABLE.test(clean) && clean.length <= 900 ? clean : encodeWords(clean);
}

function mailbox(address: string, displayName: string | undefined): string {
  if (!displayName) return address;
  const name = displayName.replace(/[\r\n]+/g, " ");
  if (ATOM_TEXT.test(name)) return `${name} <${address}>`;
  if (ASCII_PRINTABLE.test(name)) return `"${name.replace(/(["\\])/g, "\\$1")}" <${address}>`;
  return `${encodeWords(name)} <${address}>`;
}

/** A body as 7bit when it is short-lined printable ASCII (the SMTP layer dot-stuffs it), else base64. */
function bodyPart(contentType: string, body: string): string {
  const lines = body.replace(/\r?\n/g, "\r\n");
  const plain = lines.split("\r\n").every((line) => ASCII_PRINTABLE.test(line) && line.length <= 998);
  if (plain) return `Content-Type: ${contentType}; charset=UTF-8\r\nContent-Transfer-Encoding: 7bit\r\n\r\n${lines}`;
  const encoded = Buffer.from(lines).toString("base64").replace(/.{76}/g, "$&\r\n");
  return `Content-Type: ${contentType}; charset=UTF-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${encoded}`;
}

/** The message as sent after DATA: headers, then a text part or a multipart/alternative of text and HTML. */
export function mimeMessage(headers: MailHeaders, content: MailContent, host: string): string {
  const domain = headers.from.split("@")[1] ?? host;
  const lines = [
    `Date: ${new Date().toUTCString().replace("GMT", "+0000")}`,
    `From: ${mailbox(checkAddress(headers.from, "sender"), headers.fromDisplayName)}`,
    ...(headers.replyTo
      ? [`Reply-To: ${mailbox(checkAddress(headers.replyTo, "reply-to"), headers.replyToDisplayName)}`]
      : []),
    `To: ${checkAddress(content.to, "recipient")}`,
    `Message-ID: <${randomBytes(12).toString("hex")}.${Date.now()}@${domain}>`,
    `Subject: ${headerText(content.subject)}`,
    "MIME-Version: 1.0",
  ];
  if (!content.html) return `${lines.join("\r\n")}\r\n${bodyPart("text/plain", content.text)}`;
  const boundary = `----=_Part_${randomBytes(9).toString("hex")}`;
  return [
    ...lines,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    bodyPart("text/plain", content.text),
    `--${boundary}`,
    bodyPart("text/html", content.html),
    `--${boundary}--`,
    "",
  ].join("\r\n");
}

/** Dot-stuffing and the end-of-data line of RFC 5321 4.5.2. */
export function dataBlock(message: string): string {
  const normalized = message.replace(/\r?\n/g, "\r\n");
  const stuffed = normalized.replace(/^\./gm, "..");
  return `${stuffed}${stuffed.endsWith("\r\n") ? "" : "\r\n"}.\r\n`;
}
