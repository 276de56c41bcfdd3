import { createHmac, randomInt } from "node:crypto";
import type { CredentialRecord, RealmRecord } from "../../store/types.ts";
import { newId, now } from "../../common/ids.ts";

/** The realm's OTP policy (Keycloak's defaults: totp, HmacSHA1, 6 digits, 30 s, look-ahead 1). */
export interface OtpPolicy {
  type: "totp" | "hotp";
  algorithm: string;
  digits: number;
  period: number;
  lookAheadWindow: number;
  initialCounter: number;
  codeReusable: boolean;
}

export interface OtpCredentialData {
  subType: "totp" | "hotp";
  digits: number;
  counter: number;
  period: number;
  algorithm: string;
}

const HASHES: Record<string, string> = { HmacSHA1: "sha1", HmacSHA256: "sha256", HmacSHA512: "sha512" };
const SECRET_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

const int = (value: unknown, fallback: number) => (Number.isInteger(Number(value)) ? Number(value) : fallback);

export function otpPolicyOf(realm: RealmRecord): OtpPolicy {
  const s = realm.settings;
  return {
    type: s.otpPolicyType === "hotp" ? "hotp" : "totp",
    algorithm:
      typeof s.otpPolicyAlgorithm === "string" && HASHES[s.otpPolicyAlgorithm] ? s.otpPolicyAlgorithm : "HmacSHA1",
    digits: int(s.otpPolicyDigits, 6),
    period: Math.max(1, int(s.otpPolicyPeriod, 30)),
    lookAheadWindow: Math.max(0, int(s.otpPolicyLookAheadWindow, 1)),
    initialCounter: int(s.otpPolicyInitialCounter, 0),
    codeReusable: s.otpPolicyCodeReusable === true,
  };
}

/** Keycloak's secret: 20 random alphanumeric characters; authenticator apps get its bytes in base32. */
export function generateOtpSecret(): string {
  return Array.from({ length: 20 }, () => SECRET_CHARS[randomInt(SECRET_CHARS.length)]).join("");
}

export function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** RFC 4226 HOTP of a counter with the secret's bytes. */
export function hotp(secret: string, counter: number, digits: number, algorithm: string): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const hash = createHmac(HASHES[algorithm] ?? "sha1", Buffer.from(secret, "utf8"))
    .update(message)
    .digest();
  const offset = hash[hash.length - 1]! & 0xf;
  const binary = hash.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The otpauth:// URI authenticator apps read from the QR code. */
export function otpAuthUri(realm: RealmRecord, username: string, secret: string, policy: OtpPolicy): string {
  const issuer = realm.displayName || realm.realm;
  const query = new URLSearchParams({
    secret: base32(Buffer.from(secret, "utf8")),
    digits: String(policy.digits),
    algorithm: policy.algorithm.replace("Hmac", ""),
    issuer,
  });
  if (policy.type === "totp") query.set("period", String(policy.period));
  else query.set("counter", String(policy.initialCounter));
  return `otpauth://${policy.type}/${encodeURIComponent(issuer)}:${encodeURIComponent(username)}?${query}`;
}

/** The manual-entry key as Keycloak shows it: base32 in groups of four. */
export function displayedKey(secret: string): string {
  return base32(Buffer.from(secret, "utf8"))
    .replace(/(.{4})/g, "$1 ")
    .trim();
}

/** A new `otp` credential in Keycloak's stored shape. */
export function otpCredential(secret: string, policy: OtpPolicy, userLabel: string | undefined, priority: number) {
  const data: OtpCredentialData = {
    subType: policy.type,
    digits: policy.digits,
    counter: policy.type === "hotp" ? policy.initialCounter : 0,
    period: policy.period,
    algorithm: policy.algorithm,
  };
  const credential: CredentialRecord = {
    id: newId(),
    type: "otp",
    createdDate: now(),
    secretData: JSON.stringify({ value: secret }),
    credentialData: JSON.stringify(data),
    priority,
  };
  if (userLabel) credential.userLabel = userLabel;
  return credential;
}

/** Codes already accepted (credential id + code) until their window has passed, unless the policy allows reuse. */
const usedCodes = new Map<string, number>();

/**
 * Checks a code against an otp credential with the realm's look-ahead window. TOTP codes count one window either
 * way per look-ahead step; HOTP codes move the stored counter (the caller saves `credential`). True when valid.
 */
export function verifyOtp(credential: CredentialRecord, code: string, policy: OtpPolicy, at = Date.now()): boolean {
  let secret: string;
  let data: OtpCredentialData;
  try {
    secret = String((JSON.parse(credential.secretData) as { value?: unknown }).value ?? "");
    data = JSON.parse(credential.credentialData) as OtpCredentialData;
  } catch {
    return false;
  }
  const digits = data.digits || policy.digits;
  if (!secret || !/^\d+$/.test(code) || code.length !== digits) return false;
  const algorithm = data.algorithm || policy.algorithm;
  if (data.subType === "hotp") {
    for (let counter = data.counter; counter <= data.counter + policy.lookAheadWindow; counter++) {
      if (hotp(secret, counter, digits, algorithm) !== code) continue;
      credential.credentialData = JSON.stringify({ ...data, counter: counter + 1 });
      return true;
    }
    return false;
  }
  const period = data.period || policy.period;
  const current = Math.floor(at / 1000 / period);
  for (const [key, expiry] of usedCodes) if (expiry < at) usedCodes.delete(key);
  for (let step = -policy.lookAheadWindow; step <= policy.lookAheadWindow; step++) {
    if (hotp(secret, current + step, digits, algorithm) !== code) continue;
    const key = `${credential.id}/${current + step}/${code}`;
    if (!policy.codeReusable && usedCodes.has(key)) return false;
    usedCodes.set(key, (current + step + policy.lookAheadWindow + 1) * period * 1000);
    return true;
  }
  return false;
}
