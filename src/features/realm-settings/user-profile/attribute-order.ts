import type { UserProfileAttribute } from "@keycloak/keycloak-admin-client/lib/defs/userProfileMetadata.js";

/** Attributes Keycloak refuses to have removed from the profile. */
export const PERMANENT_ATTRIBUTES = ["username", "email"];

/** The list with `name` moved to where `target` is (before it when moving up, after it when moving down). */
export function moveAttribute(
  attributes: UserProfileAttribute[],
  name: string,
  target: string,
): UserProfileAttribute[] {
  const from = attributes.findIndex((attribute) => attribute.name === name);
  const to = attributes.findIndex((attribute) => attribute.name === target);
  if (from < 0 || to < 0 || from === to) return attributes;
  const next = [...attributes];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}
