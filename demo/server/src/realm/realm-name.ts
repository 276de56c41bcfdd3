import { webError } from "../http/errors.ts";

// RFC 3986 reserved characters and control characters (Keycloak's ReservedCharValidator), plus what would
// break the pages and URLs that carry a realm name: `<>"'%` and whitespace.
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const RESERVED = /[\u0000-\u001F:/?#@!$&()*+,;=[\]\\<>"'%`]/u;

/** Throws Keycloak's 400 for a realm name it refuses: reserved characters, spaces, `.` or `..`. */
export function checkRealmName(name: string): void {
  if (/\s/u.test(name)) throw webError(400, "Empty Space not allowed.");
  const reserved = RESERVED.exec(name)?.[0];
  if (reserved !== undefined) {
    const shown = reserved.charCodeAt(0) < 32 ? `0x${reserved.charCodeAt(0).toString(16)}` : `'${reserved}'`;
    throw webError(400, `Character ${shown} not allowed.`);
  }
  if (name === "." || name === "..") throw webError(400, "Realm name cannot be a path segment");
}
