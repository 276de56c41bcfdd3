type Translate = (key: string) => string;

const PEM = /^-----BEGIN ([A-Z ]+)-----([\s\S]*?)-----END \1-----$/;

function isDerSequence(base64: string): boolean {
  const compact = base64.replace(/\s+/g, "");
  if (!compact || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return false;
  try {
    return atob(compact).charCodeAt(0) === 0x30;
  } catch {
    return false;
  }
}

/**
 * Whether a pasted validating key can be what Keycloak reads: a JWKS (JSON with a `keys` list), a PEM public key or
 * certificate, or the base64 of one. Keycloak itself stores anything and fails at sign-in; this says so at once.
 */
export function pastedKeyError(text: string, t: Translate): true | string {
  const value = text.trim();
  if (!value) return true;
  if (value.startsWith("{")) {
    try {
      const parsed = JSON.parse(value) as { keys?: unknown };
      return Array.isArray(parsed.keys) ? true : t("invalidValidatingPublicKey");
    } catch {
      return t("invalidValidatingPublicKey");
    }
  }
  const pem = PEM.exec(value);
  if (pem) {
    const kind = pem[1]!;
    const known = kind === "PUBLIC KEY" || kind === "CERTIFICATE" || kind === "RSA PUBLIC KEY";
    return known && isDerSequence(pem[2]!) ? true : t("invalidValidatingPublicKey");
  }
  return isDerSequence(value) ? true : t("invalidValidatingPublicKey");
}
