/** One uploaded file of a multipart/form-data body. */
export interface MultipartFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

export type MultipartValue = string | MultipartFile;

export interface MultipartLimits {
  /** Most parts a body may have. */
  parts: number;
  /** Largest text field, in bytes. */
  fieldSize: number;
  /** Largest file, in bytes. */
  fileSize: number;
}

export const DEFAULT_MULTIPART_LIMITS: MultipartLimits = { parts: 50, fieldSize: 64 * 1024, fileSize: 5 * 1024 * 1024 };

/** A body that is not well-formed multipart/form-data, or exceeds a limit. */
export class MultipartError extends Error {}

export const isMultipartFile = (value: unknown): value is MultipartFile =>
  typeof value === "object" && value !== null && Buffer.isBuffer((value as MultipartFile).data);

/** The boundary parameter of a `multipart/form-data; boundary=...` content type. */
export function boundaryOf(contentType: string): string {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary || boundary.length > 70) throw new MultipartError("Missing or invalid multipart boundary");
  return boundary;
}

function headersOf(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** A parameter of a Content-Disposition header (`name="x"`), quoted or not. */
function dispositionParam(disposition: string, param: string): string | undefined {
  const match = new RegExp(`;\\s*${param}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;]*))`, "i").exec(disposition);
  const value = match?.[1] ?? match?.[2]?.trim();
  return value?.replace(/\\(.)/g, "$1");
}

/**
 * Splits a multipart/form-data body into its fields: text parts as strings, parts with a filename as files.
 * A repeated name keeps its first value (a form field is read once, as JAX-RS does for a single value).
 */
export function parseMultipart(
  body: Buffer,
  contentType: string,
  limits: MultipartLimits = DEFAULT_MULTIPART_LIMITS,
): Record<string, MultipartValue> {
  const delimiter = Buffer.from(`--${boundaryOf(contentType)}`);
  const fields: Record<string, MultipartValue> = {};
  let start = body.indexOf(delimiter);
  if (start < 0) throw new MultipartError("Multipart body has no boundary");
  let parts = 0;
  for (;;) {
    const afterDelimiter = start + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === "--") return fields;
    const headerStart = afterDelimiter + 2;
    const next = body.indexOf(Buffer.concat([Buffer.from("\r\n"), delimiter]), headerStart);
    if (next < 0) throw new MultipartError("Multipart body is not terminated");
    const headerEnd = body.indexOf("\r\n\r\n", headerStart);
    if (headerEnd < 0 || headerEnd > next) throw new MultipartError("Multipart part has no headers");
    if (++parts > limits.parts) throw new MultipartError("Too many multipart parts");
    const headers = headersOf(body.subarray(headerStart, headerEnd).toString("utf8"));
    const content = body.subarray(headerEnd + 4, next);
    const disposition = headers.get("content-disposition") ?? "";
    const name = dispositionParam(disposition, "name");
    if (!name) throw new MultipartError("Multipart part has no name");
    const filename = dispositionParam(disposition, "filename");
    if (filename !== undefined) {
      if (content.length > limits.fileSize) throw new MultipartError("Uploaded file is too large");
      const file = { filename, contentType: headers.get("content-type") ?? "application/octet-stream" };
      if (!(name in fields)) fields[name] = { ...file, data: Buffer.from(content) };
    } else {
      if (content.length > limits.fieldSize) throw new MultipartError(`Form field ${name} is too large`);
      if (!(name in fields)) fields[name] = content.toString("utf8");
    }
    start = next + 2;
  }
}
