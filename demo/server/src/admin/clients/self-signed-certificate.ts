import { createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

/** DER tag-length-value encoding. */
function der(tag: number, content: Buffer): Buffer {
  const length = content.length;
  let lengthBytes: Buffer;
  if (length < 0x80) lengthBytes = Buffer.from([length]);
  else {
    const bytes: number[] = [];
    for (let rest = length; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
    lengthBytes = Buffer.from([0x80 | bytes.length, ...bytes]);
  }
  return Buffer.concat([Buffer.from([tag]), lengthBytes, content]);
}

const sequence = (...parts: Buffer[]) => der(0x30, Buffer.concat(parts));
const SHA256_WITH_RSA = sequence(Buffer.from("06092a864886f70d01010b", "hex"), Buffer.from("0500", "hex"));
const COMMON_NAME_OID = Buffer.from("0603550403", "hex");

function distinguishedName(commonName: string): Buffer {
  const attribute = sequence(COMMON_NAME_OID, der(0x0c, Buffer.from(commonName, "utf8")));
  return sequence(der(0x31, attribute));
}

/** UTCTime before 2050, GeneralizedTime from then on, as X.509 requires. */
function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, "").slice(0, 14) + "Z";
  return date.getUTCFullYear() < 2050
    ? der(0x17, Buffer.from(iso.slice(2), "ascii"))
    : der(0x18, Buffer.from(iso, "ascii"));
}

function positiveSerial(): Buffer {
  const bytes = randomBytes(8);
  bytes[0] &= 0x7f;
  return der(0x02, bytes);
}

export interface GeneratedCertificate {
  /** Base64 of the PKCS#8 DER private key, as Keycloak returns it. */
  privateKey: string;
  /** Base64 of the X.509 DER certificate. */
  certificate: string;
}

/**
 * A 2048-bit RSA key pair with a self-signed X.509 v1 certificate for
 * CN=`commonName`, valid for ten years; the same shape Keycloak's
 * generateKeyPairCertificate gives.
 */
export function generateSelfSignedCertificate(commonName: string): GeneratedCertificate {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return selfSignedCertificateFor(commonName, privateKey);
}

/** The same self-signed certificate for a given RSA private key (an imported key without its certificate). */
export function selfSignedCertificateFor(commonName: string, privateKey: KeyObject): GeneratedCertificate {
  const publicKey = createPublicKey(privateKey);
  const notBefore = new Date();
  const notAfter = new Date(notBefore.getTime() + 10 * 365 * 24 * 3600 * 1000);
  const name = distinguishedName(commonName);
  const tbs = sequence(
    positiveSerial(),
    SHA256_WITH_RSA,
    name,
    sequence(time(notBefore), time(notAfter)),
    name,
    publicKey.export({ type: "spki", format: "der" }),
  );
  const signature = sign("sha256", tbs, privateKey);
  const certificate = sequence(tbs, SHA256_WITH_RSA, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  return {
    privateKey: privateKey.export({ type: "pkcs8", format: "der" }).toString("base64"),
    certificate: certificate.toString("base64"),
  };
}
