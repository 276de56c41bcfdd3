import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordingServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Every request received so far, as `<path and query> <body>`. */
  requests: string[];
  close(): void;
}

/** An HTTP server on a free port that answers every request 200 and records it: a client's admin or logout URL. */
export async function startRecordingServer(): Promise<RecordingServer> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      requests.push(`${req.url} ${body}`);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, port, requests, close: () => server.close() };
}
