import { connect } from "node:net";
/** Payloads of the abuse suite (tests/server/abuse), shared by its files. */

/** JSON text of an object nested `levels` deep: `{"x":{"x":...1...}}`. */
export const nestedJson = (levels: number) => '{"x":'.repeat(levels) + "1" + "}".repeat(levels);

/** A representation with an unknown field holding a `levels`-deep object, as a careless script would send. */
export const withNestedField = (rep: Record<string, unknown>, levels = 10_000) =>
  JSON.stringify(rep).replace(/}$/, `${Object.keys(rep).length ? "," : ""}"junk":${nestedJson(levels)}}`);

/** What an answer's status and the start of its body say, for assertion messages. */
export async function describeAnswer(res: Response): Promise<string> {
  return `${res.status} ${(await res.text()).slice(0, 200)}`;
}

/**
 * The status a server answers to a request that announces a body of `bytes` bytes, read from a raw socket after
 * sending only the start of the body: a server that checks the announced length answers before the upload ends,
 * which a full upload through fetch or node:http could only report as a broken pipe.
 */
export function statusForAnnouncedBody(
  url: string,
  init: { method: string; headers: Record<string, string>; bytes: number },
): Promise<number> {
  const { hostname, port, pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => {
      answer += chunk;
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
      if (status) {
        socket.destroy();
        resolve(Number(status));
      }
    });
    socket.on("error", reject);
    socket.on("close", () => reject(new Error(`no answer: ${answer.slice(0, 100)}`)));
    const head = Object.entries({ ...init.headers, host: `${hostname}:${port}`, "content-length": String(init.bytes) })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("");
    socket.write(`${init.method} ${pathname}${search} HTTP/1.1\r\n${head}\r\n{"firstName":"xxxx`);
  });
}
