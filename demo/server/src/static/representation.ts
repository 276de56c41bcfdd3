import type { FastifyReply, FastifyRequest } from "fastify";
import { createHash } from "node:crypto";
import { addVary, compressFast, isCompressibleType, preferredEncoding, type Encoding } from "../http/compression.ts";

/** A static body with its validators and its compressed forms (undefined: not smaller than the body). */
export interface Representation {
  body: Buffer;
  contentType: string;
  /** Content hash; each encoding's ETag adds a suffix, as a strong ETag names one exact byte sequence. */
  hash: string;
  lastModified?: Date;
  encoded: Partial<Record<Encoding, Promise<Buffer | undefined>>>;
}

export const contentHash = (body: Buffer) => createHash("sha256").update(body).digest("base64url").slice(0, 27);

const ETAG_SUFFIX: Record<Encoding, string> = { br: "-br", gzip: "-gz" };

const etagOf = (hash: string, encoding: Encoding | undefined) => `"${hash}${encoding ? ETAG_SUFFIX[encoding] : ""}"`;

/** Whether If-None-Match names this content in any of its encodings (or is `*`). */
function matchesEtag(ifNoneMatch: string, hash: string): boolean {
  return ifNoneMatch.split(",").some((tag) => {
    const opaque = tag.trim().replace(/^W\//, "").replace(/^"|"$/g, "");
    return opaque === "*" || opaque.replace(/-(br|gz)$/, "") === hash;
  });
}

function isNotModified(req: FastifyRequest, representation: Representation): boolean {
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch) return matchesEtag(ifNoneMatch, representation.hash);
  const since = Date.parse(req.headers["if-modified-since"] ?? "");
  const modified = representation.lastModified?.getTime();
  return modified !== undefined && !Number.isNaN(since) && Math.floor(modified / 1000) * 1000 <= since;
}

/** The body in `encoding`: compressed once on first use when the build left no precompressed file. */
function encodedBody(representation: Representation, encoding: Encoding): Promise<Buffer | undefined> {
  representation.encoded[encoding] ??= compressFast(representation.body, encoding).then((compressed) =>
    compressed.length < representation.body.length ? compressed : undefined,
  );
  return representation.encoded[encoding];
}

/**
 * Sends a static representation: the smallest encoding the client accepts (br, then gzip), its ETag and
 * Last-Modified, and 304 when the client's copy is current (If-None-Match, else If-Modified-Since).
 */
export async function sendRepresentation(
  req: FastifyRequest,
  reply: FastifyReply,
  representation: Representation,
  cacheControl: string,
) {
  const compressible = isCompressibleType(representation.contentType);
  const wanted = compressible ? preferredEncoding(req.headers["accept-encoding"]) : undefined;
  const encoded = wanted ? await encodedBody(representation, wanted) : undefined;
  const encoding = encoded ? wanted : undefined;
  if (compressible) addVary(reply, "Accept-Encoding");
  reply.header("cache-control", cacheControl).header("etag", etagOf(representation.hash, encoding));
  if (representation.lastModified) reply.header("last-modified", representation.lastModified.toUTCString());
  if (isNotModified(req, representation)) return reply.status(304).send();
  if (encoding) reply.header("content-encoding", encoding);
  return reply.type(representation.contentType).send(encoded ?? representation.body);
}
