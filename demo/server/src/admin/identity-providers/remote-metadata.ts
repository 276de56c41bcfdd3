import { badRequest } from "../../http/errors.ts";

export const METADATA_TIMEOUT_MS = 10_000;
export const METADATA_MAX_BYTES = 1024 * 1024;

/**
 * Fetches a provider's discovery document or SAML descriptor for import-config: http and https only, at most
 * 10 seconds and 1 MB; every failure is a 400 whose message says what went wrong.
 */
export async function fetchMetadata(fromUrl: string): Promise<string> {
  const url = URL.canParse(fromUrl) ? new URL(fromUrl) : undefined;
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:"))
    throw badRequest("Could not import config: the URL must use http or https");
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(METADATA_TIMEOUT_MS),
      headers: { accept: "application/json, application/samlmetadata+xml, application/xml, text/xml" },
      redirect: "follow",
    });
  } catch (error) {
    const timedOut = (error as Error).name === "TimeoutError";
    throw badRequest(
      timedOut
        ? `Could not import config: ${url.origin} did not answer within ${METADATA_TIMEOUT_MS / 1000} seconds`
        : `Could not import config: ${url.origin} could not be reached`,
    );
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw badRequest(`Could not import config: the URL answered HTTP ${response.status}`);
  }
  return readCapped(response);
}

async function readCapped(response: Response): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > METADATA_MAX_BYTES) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  if (!reader) return "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > METADATA_MAX_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const tooLarge = () => badRequest(`Could not import config: the document is larger than ${METADATA_MAX_BYTES} bytes`);
