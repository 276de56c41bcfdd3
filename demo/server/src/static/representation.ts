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

/** The request headers a static answer depends on. */
export interface ConditionalHeaders {
  "accept-encoding"?: string;
  "if-none-match"?: string;
  "if-modified-since"?: string;
}

function isNotModified(headers: ConditionalHeaders, representation: Representation): boolean {
  const ifNoneMatch = headers["if-none-match"];
  if (ifNoneMatch) return matchesEtag(ifNoneMatch, representation.hash);
  const since = Date.parse(headers["if-modified-since"] ?? "");
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

export interface StaticAnswer {
  status: 200 | 304;
  headers: Record<string, string>;
  /** Whether the answer depends on Accept-Encoding (a Vary field to add). */
  variesByEncoding: boolean;
  body?: Buffer;
}

/**
 * The answer to a static representation, for any HTTP server: the smallest encoding the client accepts (br, then
 * gzip), its ETag and Last-Modified, and 304 when the client's copy is current (If-None-Match, else If-Modified-Since).
 */
export async function staticAnswer(
  headers: ConditionalHeaders,
  representation: Representation,
  cacheControl: string,
): Promise<StaticAnswer> {
  const compressible = isCompressibleType(representation.contentType);
  const wanted = compressible ? preferredEncoding(headers["accept-encoding"]) : undefined;
  const encoded = wanted ? await encodedBody(representation, wanted) : undefined;
  const encoding = encoded ? wanted : undefined;
  const answerHeaders: Record<string, string> = {
    "cache-control": cacheControl,
    etag: etagOf(representation.hash, encoding),
  };
  if (representation.lastModified) answerHeaders["last-modified"] = representation.lastModified.toUTCString();
  if (isNotModified(headers, representation))
    return { status: 304, headers: answerHeaders, variesByEncoding: compressible };
  if (encoding) answerHeaders["content-encoding"] = encoding;
  answerHeaders["content-type"] = representation.contentType;
  return { status: 200, headers: answerHeaders, variesByEncoding: compressible, body: encoded ?? representation.body };
}

/** Sends a static representation (see staticAnswer) through Fastify. */
export async function sendRepresentation(
  req: FastifyRequest,
  reply: FastifyReply,
  representation: Representation,
  cacheControl: string,
) {
  const answer = await staticAnswer(req.headers, representation, cacheControl);
  if (answer.variesByEncoding) addVary(reply, "Accept-Encoding");
  reply.headers(answer.headers).status(answer.status);
  return answer.body ? reply.send(answer.body) : reply.send();
}
