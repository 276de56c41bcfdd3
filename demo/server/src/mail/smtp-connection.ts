import { connect as tcpConnect, type Socket } from "node:net";
import { connect as tlsConnect, type ConnectionOptions, type TLSSocket } from "node:tls";
import { MailError } from "./smtp-settings.ts";

export interface SmtpReply {
  code: number;
  lines: string[];
}

export interface ConnectOptions {
  host: string;
  port: number;
  implicitTls: boolean;
  connectionTimeout: number;
  timeout: number;
  /** Extra TLS options (a test's own CA); certificates and host names are checked as always. */
  tls?: ConnectionOptions;
}

/** One SMTP client connection: sends command lines and reads (multi-line) replies, with a timeout for each. */
export class SmtpConnection {
  private buffer = "";
  private replyLines: string[] = [];
  private readonly replies: SmtpReply[] = [];
  private waiting?: { resolve: (reply: SmtpReply) => void; reject: (error: Error) => void };
  private failure?: Error;

  private constructor(
    private socket: Socket | TLSSocket,
    private readonly options: ConnectOptions,
  ) {
    this.attach();
  }

  static async open(options: ConnectOptions): Promise<SmtpConnection> {
    const socket = await new Promise<Socket | TLSSocket>((resolve, reject) => {
      const fail = (error: Error) => {
        socket.destroy();
        reject(new MailError(`Couldn't connect to host, port: ${options.host}, ${options.port}: ${error.message}`));
      };
      const socket = options.implicitTls
        ? tlsConnect({ host: options.host, port: options.port, servername: serverName(options.host), ...options.tls })
        : tcpConnect({ host: options.host, port: options.port });
      socket.setTimeout(options.connectionTimeout, () => fail(new Error("connect timed out")));
      socket.once("error", fail);
      socket.once(options.implicitTls ? "secureConnect" : "connect", () => {
        socket.removeListener("error", fail);
        socket.setTimeout(0);
        resolve(socket);
      });
    });
    return new SmtpConnection(socket, options);
  }

  get secure(): boolean {
    return "encrypted" in this.socket && this.socket.encrypted === true;
  }

  private attach(): void {
    this.socket.setEncoding("utf8");
    this.socket.on("data", this.onData);
    this.socket.on("error", this.onError);
    this.socket.on("close", this.onClose);
  }

  private detach(): void {
    this.socket.removeListener("data", this.onData);
    this.socket.removeListener("error", this.onError);
    this.socket.removeListener("close", this.onClose);
  }

  private readonly onData = (chunk: string) => {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf("\n")) !== -1) {
      const line = this.buffer.slice(0, end).replace(/\r$/, "");
      this.buffer = this.buffer.slice(end + 1);
      this.replyLines.push(line.slice(4));
      if (line[3] === "-") continue;
      const reply = { code: Number(line.slice(0, 3)), lines: this.replyLines };
      this.replyLines = [];
      this.deliver(reply);
    }
  };

  private readonly onError = (error: Error) => this.fail(new MailError(`SMTP connection failed: ${error.message}`));
  private readonly onClose = () => this.fail(new MailError("SMTP server closed the connection"));

  private deliver(reply: SmtpReply): void {
    const waiting = this.waiting;
    if (!waiting) return void this.replies.push(reply);
    this.waiting = undefined;
    waiting.resolve(reply);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(this.failure);
  }

  /** The next reply, or a MailError when none comes within the timeout. */
  read(): Promise<SmtpReply> {
    const queued = this.replies.shift();
    if (queued) return Promise.resolve(queued);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = undefined;
        reject(new MailError(`SMTP server did not answer within ${this.options.timeout} ms`));
        this.socket.destroy();
      }, this.options.timeout);
      this.waiting = {
        resolve: (reply) => (clearTimeout(timer), resolve(reply)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      };
    });
  }

  write(data: string): void {
    if (this.failure) throw this.failure;
    this.socket.write(data);
  }

  /** Sends one command line and reads its reply; throws MailError unless the code is one of `expected`. */
  async command(line: string, expected: number[], shown = line): Promise<SmtpReply> {
    this.write(`${line}\r\n`);
    return this.expect(expected, shown);
  }

  async expect(expected: number[], shown: string): Promise<SmtpReply> {
    const reply = await this.read();
    if (!expected.includes(reply.code))
      throw new MailError(`${shown} failed: ${reply.code} ${reply.lines.join(" ")}`.trim());
    return reply;
  }

  /** Replaces the plain socket by a TLS one over it (after the server's 220 to STARTTLS). */
  async upgradeToTls(): Promise<void> {
    this.detach();
    const plain = this.socket;
    this.socket = await new Promise<TLSSocket>((resolve, reject) => {
      const secured = tlsConnect({ socket: plain, servername: serverName(this.options.host), ...this.options.tls });
      secured.setTimeout(this.options.connectionTimeout, () => {
        secured.destroy();
        reject(new MailError("STARTTLS handshake timed out"));
      });
      secured.once("error", (error) => reject(new MailError(`STARTTLS failed: ${error.message}`)));
      secured.once("secureConnect", () => {
        secured.setTimeout(0);
        secured.removeAllListeners("error");
        resolve(secured);
      });
    });
    this.buffer = "";
    this.attach();
  }

  close(): void {
    this.detach();
    this.socket.on("error", () => undefined);
    this.socket.end();
    this.socket.destroy();
  }
}

/** SNI takes host names only, never IP addresses. */
function serverName(host: string): string | undefined {
  return /^[\d.]+$/.test(host) || host.includes(":") ? undefined : host;
}
