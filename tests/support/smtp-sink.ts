import { createServer, type Server, type Socket } from "node:net";
import { TLSSocket, type SecureContextOptions } from "node:tls";

export interface ReceivedMail {
  envelopeFrom: string;
  recipients: string[];
  /** The user of AUTH PLAIN/LOGIN, when the client authenticated. */
  authUser?: string;
  /** True when the message came over TLS (implicit or STARTTLS). */
  secure: boolean;
  /** The message as received after DATA, dot-stuffing removed. */
  raw: string;
  /** Header names in lower case; values unfolded, encoded words decoded. */
  headers: Map<string, string>;
  subject: string;
  /** The text/plain part, transfer encoding undone. */
  text: string;
  html?: string;
}

export interface SmtpSinkOptions {
  /** Accounts for AUTH; when given, AUTH is advertised and mail is refused before authenticating. */
  users?: Record<string, string>;
  /** The AUTH mechanisms advertised (default PLAIN and LOGIN). */
  authMethods?: ("PLAIN" | "LOGIN")[];
  /** Key and certificate: advertises STARTTLS (or, with `implicitTls`, speaks TLS from the first byte). */
  tls?: SecureContextOptions & { implicitTls?: boolean };
  /** Answer every RCPT TO with this code and text instead of 250. */
  refuseRecipients?: string;
}

export interface SmtpSink {
  port: number;
  host: string;
  messages: ReceivedMail[];
  /** Resolves with the first received message (past or future) that matches, or rejects after `timeoutMs`. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** The realm `smtpServer` settings that point at this sink. */
  settings(extra?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_all, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ).toString("utf8"),
    );
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.indexOf("\r\n\r\n");
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? "" : raw.slice(end + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body
      .replace(/=\r\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

function parts(headers: Map<string, string>, body: string): { type: string; content: string }[] {
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith("multipart/") || !boundary)
    return [{ type: type.split(";")[0]!.trim().toLowerCase(), content: decodeBody(headers, body) }];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith("--"))
    .flatMap((part) => {
      const inner = splitHeaders(part.replace(/^\r\n/, "").replace(/\r\n$/, ""));
      return parts(inner.headers, inner.body);
    });
}

export function parseMail(raw: string): Pick<ReceivedMail, "headers" | "subject" | "text" | "html"> {
  const { headers, body } = splitHeaders(raw);
  const found = parts(headers, body);
  return {
    headers,
    subject: headers.get("subject") ?? "",
    text: found.find((p) => p.type === "text/plain")?.content ?? "",
    html: found.find((p) => p.type === "text/html")?.content,
  };
}

/** A small SMTP server on 127.0.0.1 and a free port that keeps every message it receives, for tests. */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const listeners: (() => void)[] = [];
  const sockets = new Set<Socket>();

  const session = (initial: Socket, secureFromStart: boolean) => {
    let socket: Socket = initial;
    let secure = secureFromStart;
    let buffer = "";
    let envelopeFrom: string | undefined;
    let recipients: string[] = [];
    let authUser: string | undefined;
    let data: string[] | undefined;
    let pendingAuth: { step: "login-user" | "login-password" | "plain"; user?: string } | undefined;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    const checkLogin = (user: string, password: string) => {
      if (options.users?.[user] === password) {
        authUser = user;
        reply("235 2.7.0 Authentication successful");
      } else reply("535 5.7.8 Authentication credentials invalid");
    };
    const ehlo = (name: string) => {
      const lines = [`smtp-sink greets ${name}`, "8BITMIME", "SMTPUTF8"];
      if (options.users) lines.push(`AUTH ${(options.authMethods ?? ["PLAIN", "LOGIN"]).join(" ")}`);
      if (options.tls && !secure) lines.push("STARTTLS");
      lines.forEach((line, i) => reply(`250${i === lines.length - 1 ? " " : "-"}${line}`));
    };
    const handle = (line: string) => {
      if (data) {
        if (line === ".") {
          const raw = data.join("\r\n") + "\r\n";
          data = undefined;
          messages.push({ envelopeFrom: envelopeFrom ?? "", recipients, authUser, secure, raw, ...parseMail(raw) });
          envelopeFrom = undefined;
          recipients = [];
          reply("250 2.0.0 Ok: queued");
          listeners.splice(0).forEach((notify) => notify());
        } else data.push(line.startsWith(".") ? line.slice(1) : line);
        return;
      }
      if (pendingAuth) {
        const value = Buffer.from(line, "base64").toString("utf8");
        if (pendingAuth.step === "login-user") {
          pendingAuth = { step: "login-password", user: value };
          return reply("334 UGFzc3dvcmQ6");
        }
        const step = pendingAuth;
        pendingAuth = undefined;
        if (step.step === "plain") {
          const [, user = "", password = ""] = value.split("\0");
          return checkLogin(user, password);
        }
        return checkLogin(step.user ?? "", value);
      }
      const [verb = "", ...rest] = line.split(" ");
      const argument = rest.join(" ");
      switch (verb.toUpperCase()) {
        case "EHLO":
          return ehlo(argument);
        case "HELO":
          return reply("250 smtp-sink");
        case "STARTTLS": {
          if (!options.tls || secure) return reply("502 5.5.1 STARTTLS not available");
          reply("220 2.0.0 Ready to start TLS");
          socket.removeAllListeners("data");
          const upgraded = new TLSSocket(socket, { isServer: true, ...options.tls });
          socket = upgraded;
          secure = true;
          buffer = "";
          sockets.add(upgraded);
          upgraded.on("error", () => upgraded.destroy());
          upgraded.setEncoding("utf8");
          upgraded.on("data", onData);
          return;
        }
        case "AUTH": {
          if (!options.users) return reply("502 5.5.1 AUTH not available");
          const [method = "", initial] = argument.split(" ");
          if (method.toUpperCase() === "PLAIN") {
            if (initial) {
              const [, user = "", password = ""] = Buffer.from(initial, "base64").toString("utf8").split("\0");
              return checkLogin(user, password);
            }
            pendingAuth = { step: "plain" };
            return reply("334 ");
          }
          if (method.toUpperCase() === "LOGIN") {
            pendingAuth = { step: "login-user" };
            return reply("334 VXNlcm5hbWU6");
          }
          return reply("504 5.5.4 Unrecognized authentication type");
        }
        case "MAIL":
          if (options.users && !authUser) return reply("530 5.7.0 Authentication required");
          envelopeFrom = /<([^>]*)>/.exec(argument)?.[1] ?? "";
          return reply("250 2.1.0 Ok");
        case "RCPT":
          if (envelopeFrom === undefined) return reply("503 5.5.1 Need MAIL command");
          if (options.refuseRecipients) return reply(options.refuseRecipients);
          recipients.push(/<([^>]*)>/.exec(argument)?.[1] ?? "");
          return reply("250 2.1.5 Ok");
        case "DATA":
          if (!recipients.length) return reply("503 5.5.1 Need RCPT command");
          data = [];
          return reply("354 End data with <CR><LF>.<CR><LF>");
        case "RSET":
          envelopeFrom = undefined;
          recipients = [];
          return reply("250 2.0.0 Ok");
        case "NOOP":
          return reply("250 2.0.0 Ok");
        case "QUIT":
          reply("221 2.0.0 Bye");
          return void socket.end();
        default:
          return reply("502 5.5.2 Command not recognized");
      }
    };
    const onData = (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf("\r\n")) !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        handle(line);
      }
    };
    socket.setEncoding("utf8");
    socket.on("data", onData);
    socket.on("error", () => socket.destroy());
    reply("220 smtp-sink ESMTP ready");
  };

  const server: Server = createServer((raw) => {
    sockets.add(raw);
    raw.on("close", () => sockets.delete(raw));
    if (options.tls?.implicitTls) {
      const secured = new TLSSocket(raw, { isServer: true, ...options.tls });
      secured.on("error", () => secured.destroy());
      secured.once("secure", () => session(secured, true));
    } else session(raw, false);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;

  return {
    port,
    host: "127.0.0.1",
    messages,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching mail within ${timeoutMs} ms`)), timeoutMs);
        const check = () => {
          const found = messages.find(match);
          if (found) {
            clearTimeout(timer);
            resolve(found);
          } else listeners.push(check);
        };
        check();
      });
    },
    settings(extra = {}) {
      return { host: "127.0.0.1", port: String(port), from: "noreply@example.com", ...extra };
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
