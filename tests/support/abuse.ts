import { request } from "node:http";
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
 * One request through node:http that resolves with the answer even when the server answers before reading the whole
 * body (413 on a body over the limit) and the rest of the upload then fails, where fetch would only report "fetch failed".
 */
export function sendRaw(
  url: string,
  init: { method: string; headers: Record<string, string>; body: Buffer | string },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(url, { method: init.method, headers: init.headers }, (res) => {
      answered = true;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      res.on("error", reject);
    });
    req.on("error", (error) => (answered ? undefined : reject(error)));
    req.end(init.body);
  });
}
