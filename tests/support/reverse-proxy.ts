import { createServer, request, type Server } from "node:http";

export interface ReverseProxy {
  url: string;
  close(): Promise<void>;
}

/**
 * A small reverse proxy on its own port in front of `upstream`, as nginx would be: with `xforwarded`
 * it sends the upstream's Host and adds X-Forwarded-Host/-Proto/-Port naming itself; with
 * `preserve-host` it passes the browser's Host header on unchanged.
 */
export async function startReverseProxy(
  upstream: string,
  port: number,
  mode: "xforwarded" | "preserve-host",
): Promise<ReverseProxy> {
  const target = new URL(upstream);
  const server: Server = createServer((req, res) => {
    const headers = { ...req.headers };
    if (mode === "xforwarded") {
      headers.host = target.host;
      headers["x-forwarded-host"] = req.headers.host;
      headers["x-forwarded-proto"] = "http";
      headers["x-forwarded-port"] = String(port);
    }
    const forward = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((ok) => server.listen(port, "127.0.0.1", ok));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
