import { createHash, createPublicKey, X509Certificate, type KeyObject } from "node:crypto";
import forge from "node-forge";
import { HttpError, webError } from "../../http/errors.ts";

/** Keycloak's archive formats of the certificate upload form (KeystoreUtil / CertificateInfoHelper). */
export const CERTIFICATE_PEM = "Certificate PEM";
export const PUBLIC_KEY_PEM = "Public Key PEM";
export const JSON_WEB_KEY_SET = "JSON Web Key Set";
/** Java keystores Keycloak reads and writes; this server reads none and writes PKCS12 only (no maintained JKS writer). */
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
    `Keystore format ${format} is not supported by this server; use Certificate PEM, Public Key PEM or JSON Web Key Set to upload, PKCS12 to download`,
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

/** What Keycloak's KeyStoreConfig asks of a download. */
export interface KeystoreRequest {
  format: string;
  keyAlias?: string;
  keyPassword?: string;
  storePassword?: string;
}

const passwordMissing = (which: "key" | "store") =>
  new HttpError(400, {
    error: "password-missing",
    error_description: `Need to specify a ${which} password for jks download`,
  });

/** Refuses a request Keycloak would refuse, before anything is generated or stored. */
export function checkKeystoreRequest(request: KeystoreRequest, withPrivateKey: boolean): void {
  if (request.format === "PEM") return;
  if (request.format !== "PKCS12") throw keystoreNotSupported(request.format);
  if (withPrivateKey && request.keyPassword == null) throw passwordMissing("key");
  if (request.storePassword == null) throw passwordMissing("store");
}

/**
 * The downloaded keystore: PKCS12 (node-forge) holding the private key, when known, with its certificate under
 * `keyAlias`, encrypted with the store password (a PKCS12 file has one password); or PEM text.
 */
export function keystoreBytes(
  request: KeystoreRequest,
  certificate: string | undefined,
  privateKey: string | undefined,
): Buffer {
  checkKeystoreRequest(request, privateKey !== undefined);
  if (request.format === "PEM") {
    let text = "";
    if (privateKey) text += pemBlock("PRIVATE KEY", privateKey);
    if (certificate) text += pemBlock("CERTIFICATE", certificate);
    return Buffer.from(text);
  }
  const certificates = certificate ? [forge.pki.certificateFromPem(pemBlock("CERTIFICATE", certificate))] : [];
  const key = privateKey ? forge.pki.privateKeyFromPem(pemBlock("PRIVATE KEY", privateKey)) : null;
  const p12 = forge.pkcs12.toPkcs12Asn1(key, certificates, request.storePassword!, {
    friendlyName: request.keyAlias ?? "",
    algorithm: "aes256",
    generateLocalKeyId: true,
  });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), "binary");
}
