import { createHash, createPublicKey, X509Certificate, type KeyObject } from "node:crypto";
import { webError } from "../../http/errors.ts";

/** Keycloak's archive formats of the certificate upload form (KeystoreUtil / CertificateInfoHelper). */
export const CERTIFICATE_PEM = "Certificate PEM";
export const PUBLIC_KEY_PEM = "Public Key PEM";
export const JSON_WEB_KEY_SET = "JSON Web Key Set";
/** Java keystores Keycloak reads and writes; this server has no keystore writer. */
const JAVA_KEYSTORES = ["JKS", "PKCS12", "BCFKS"];

/** What an upload stores under `{attr}.certificate` / `.public.key` / `.kid` (base64 DER, no PEM armour). */
export interface UploadedKey {
  certificate?: string;
  publicKey?: string;
  kid?: string;
}

export const keystoreNotSupported = (format: string) =>
  webError(
    400,
    `Keystore format ${format} is not supported by this server; use Certificate PEM, Public Key PEM or JSON Web Key Set`,
  );

const derBase64 = (key: KeyObject) => key.export({ type: "spki", format: "der" }).toString("base64");

/** Keycloak's KeyUtils.createKeyId: base64url of the SHA-256 of the encoded public key. */
const keyIdOf = (key: KeyObject) =>
  createHash("sha256")
    .update(key.export({ type: "spki", format: "der" }))
    .digest("base64url");

function readCertificate(text: string): UploadedKey {
  try {
    const certificate = new X509Certificate(text.trim());
    return { certificate: certificate.raw.toString("base64") };
  } catch {
    throw webError(400, "Could not read the certificate: the file is not a PEM encoded X.509 certificate");
  }
}

function readPublicKey(text: string): UploadedKey {
  try {
    const key = createPublicKey(text.trim());
    return { publicKey: derBase64(key), kid: keyIdOf(key) };
  } catch {
    throw webError(400, "Could not read the public key: the file is not a PEM encoded public key");
  }
}

/** The signing key of a JWKS (`use: sig`, else the first key), as Keycloak's JWKSUtils picks it. */
function readJwks(text: string): UploadedKey {
  let keys: unknown;
  try {
    keys = (JSON.parse(text) as { keys?: unknown }).keys;
  } catch {
    throw webError(400, "Could not read the JSON Web Key Set: the file is not JSON");
  }
  const list = Array.isArray(keys) ? keys.filter((key) => key && typeof key === "object") : [];
  const jwk = (list.find((key) => key.use === "sig") ?? list.find((key) => key.use === undefined)) as
    Record<string, unknown> | undefined;
  if (!jwk) throw webError(400, "The JSON Web Key Set has no signing key");
  try {
    const key = createPublicKey({ key: jwk as import("node:crypto").JsonWebKey, format: "jwk" });
    const x5c = Array.isArray(jwk.x5c) && typeof jwk.x5c[0] === "string" ? jwk.x5c[0] : undefined;
    return {
      publicKey: derBase64(key),
      kid: typeof jwk.kid === "string" ? jwk.kid : keyIdOf(key),
      ...(x5c ? { certificate: x5c } : {}),
    };
  } catch {
    throw webError(400, "The JSON Web Key Set's signing key is not a valid public key");
  }
}

/** Reads an uploaded file in the given archive format; Java keystores are refused with a clear message. */
export function readUploadedKey(format: string, file: Buffer): UploadedKey {
  const text = file.toString("utf8");
  if (format === CERTIFICATE_PEM) return readCertificate(text);
  if (format === PUBLIC_KEY_PEM) return readPublicKey(text);
  if (format === JSON_WEB_KEY_SET) return readJwks(text);
  if (JAVA_KEYSTORES.includes(format)) throw keystoreNotSupported(format);
  throw webError(400, `Unknown keystore format ${format}`);
}

const pemBlock = (label: string, base64: string) =>
  `-----BEGIN ${label}-----\n${base64.match(/.{1,64}/g)?.join("\n") ?? ""}\n-----END ${label}-----\n`;

/** The downloadable "keystore": PEM only (the certificate and, when known, the private key). */
export function keystoreBytes(format: string, certificate: string | undefined, privateKey: string | undefined): Buffer {
  if (format !== "PEM") throw keystoreNotSupported(format);
  let text = "";
  if (privateKey) text += pemBlock("PRIVATE KEY", privateKey);
  if (certificate) text += pemBlock("CERTIFICATE", certificate);
  return Buffer.from(text);
}
