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

/** A trusted certificate the keystore also holds (Keycloak's `realmCertificate`: the realm's active RSA key). */
export interface TrustedCertificate {
  alias: string;
  certificate: string;
}

const { asn1, pki } = forge;
/** Java's attribute marking a PKCS12 certificate bag as a trusted certificate entry, for any purpose. */
const JAVA_TRUSTED_KEY_USAGE = "2.16.840.1.113894.746875.1.1";
const ANY_EXTENDED_KEY_USAGE = "2.5.29.37.0";

/** The ContentInfos of a PFX's AuthenticatedSafe (node-forge writes it as plain `data`). */
function authenticatedSafe(pfx: forge.asn1.Asn1): forge.asn1.Asn1[] {
  const contentInfo = (pfx.value as forge.asn1.Asn1[])[1]!;
  const octets = ((contentInfo.value as forge.asn1.Asn1[])[1]!.value as forge.asn1.Asn1[])[0]!;
  return asn1.fromDer(octets.value as string).value as forge.asn1.Asn1[];
}

/** Adds Java's trusted-certificate attribute to every certificate bag of a `data` ContentInfo. */
function markTrusted(contentInfo: forge.asn1.Asn1): forge.asn1.Asn1 {
  const octets = ((contentInfo.value as forge.asn1.Asn1[])[1]!.value as forge.asn1.Asn1[])[0]!;
  const bags = asn1.fromDer(octets.value as string);
  for (const bag of bags.value as forge.asn1.Asn1[]) {
    const parts = bag.value as forge.asn1.Asn1[];
    const attributes = parts[2] ?? asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, []);
    (attributes.value as forge.asn1.Asn1[]).push(
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(JAVA_TRUSTED_KEY_USAGE).getBytes()),
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, [
          asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(ANY_EXTENDED_KEY_USAGE).getBytes()),
        ]),
      ]),
    );
    parts[2] = attributes;
  }
  octets.value = asn1.toDer(bags).getBytes();
  return contentInfo;
}

/**
 * The PFX around `contents`, its integrity MAC keyed by the store password (PKCS#12's SHA-1 HMAC as node-forge
 * computes it), so that the store password and the key password can differ, as in a keystore Java writes.
 */
function pfxWithMac(contents: forge.asn1.Asn1[], storePassword: string): forge.asn1.Asn1 {
  const { UNIVERSAL } = asn1.Class;
  const safe = asn1.toDer(asn1.create(UNIVERSAL, asn1.Type.SEQUENCE, true, contents)).getBytes();
  const salt = forge.random.getBytesSync(8);
  const iterations = 2048;
  const macKey = forge.pkcs12.generateKey(storePassword, forge.util.createBuffer(salt), 3, iterations, 20);
  const hmac = forge.hmac.create();
  hmac.start(forge.md.sha1.create(), macKey);
  hmac.update(safe);
  const oid = (id: string) => asn1.create(UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(id).getBytes());
  const octets = (bytes: string) => asn1.create(UNIVERSAL, asn1.Type.OCTETSTRING, false, bytes);
  const integer = (n: number) => asn1.create(UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(n).getBytes());
  const sequence = (items: forge.asn1.Asn1[]) => asn1.create(UNIVERSAL, asn1.Type.SEQUENCE, true, items);
  return sequence([
    integer(3),
    sequence([oid(pki.oids.data!), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [octets(safe)])]),
    sequence([
      sequence([
        sequence([oid(pki.oids.sha1!), asn1.create(UNIVERSAL, asn1.Type.NULL, false, "")]),
        octets(hmac.digest().getBytes()),
      ]),
      octets(salt),
      integer(iterations),
    ]),
  ]);
}

/**
 * The downloaded keystore, as Keycloak's getKeystore writes it: PKCS12 holding the private key (when known, encrypted
 * with the key password) and its certificate under `keyAlias` (the clientId when none is given), or the certificate
 * alone; with `trusted`, the realm's certificate as a trusted entry; the whole protected by the store password.
 * Or PEM text.
 */
export function keystoreBytes(
  request: KeystoreRequest,
  certificate: string | undefined,
  privateKey: string | undefined,
  defaultAlias = "",
  trusted?: TrustedCertificate,
): Buffer {
  checkKeystoreRequest(request, privateKey !== undefined);
  if (request.format === "PEM") {
    let text = "";
    if (privateKey) text += pemBlock("PRIVATE KEY", privateKey);
    if (certificate) text += pemBlock("CERTIFICATE", certificate);
    return Buffer.from(text);
  }
  const alias = request.keyAlias ?? defaultAlias;
  const certificates = certificate ? [pki.certificateFromPem(pemBlock("CERTIFICATE", certificate))] : [];
  const key = privateKey ? pki.privateKeyFromPem(pemBlock("PRIVATE KEY", privateKey)) : null;
  const own = forge.pkcs12.toPkcs12Asn1(key, certificates, key ? request.keyPassword! : null, {
    friendlyName: alias,
    algorithm: "aes256",
    generateLocalKeyId: key !== null,
    useMac: false,
  });
  const contents = authenticatedSafe(own).map((info) => (key ? info : markTrusted(info)));
  if (trusted) {
    const realmCertificate = pki.certificateFromPem(pemBlock("CERTIFICATE", trusted.certificate));
    const entry = forge.pkcs12.toPkcs12Asn1(null, [realmCertificate], null, {
      friendlyName: trusted.alias,
      useMac: false,
    });
    contents.push(...authenticatedSafe(entry).map(markTrusted));
  }
  return Buffer.from(asn1.toDer(pfxWithMac(contents, request.storePassword!)).getBytes(), "binary");
}
