import type { AccessName } from "./access-names.ts";

/** Where the user's access was read from, for the reason a forbidden message gives. */
export type AccessBasis =
  | { from: "who-am-I"; user: string; realm: string }
  | { from: "token"; clientId: string; user: string; realm: string }
  | { from: "failure"; message: string; status?: number };

export interface AccessChecker {
  /** True when the user holds every one of the names ('anyone' always holds). */
  hasAccess(...names: AccessName[]): boolean;
  /** True when the user holds at least one of the names. */
  hasSomeAccess(...names: AccessName[]): boolean;
  /** Where the access was read from, when known. */
  readonly basis?: AccessBasis;
  /**
   * True when admin permissions v2 grant the scope on every object of the resource type (`Users`, `Groups`,
   * `Clients`, `Roles`), as the embedded server's who-am-I states; Keycloak's who-am-I says nothing of v2, so
   * there only the realm-management roles count.
   */
  grantedOnEvery(type: AdminResourceType, scope: string): boolean;
}

/** The resource types of fine-grained admin permissions v2. */
export type AdminResourceType = "Users" | "Groups" | "Clients" | "Roles";

/** Scopes admin permissions v2 grant on every object of a type, by type. */
export type TypeGrants = Partial<Record<string, readonly string[]>>;

/** A rule a route or menu entry declares: names (all of them needed) or a function. */
export type AccessRule = AccessName | AccessName[] | ((access: AccessChecker) => boolean);

/** Access for the current realm from who-am-I's realm_access map. */
export function createAccessChecker(
  realmAccess: Record<string, readonly string[]> | undefined,
  realm: string,
  basis?: AccessBasis,
  typeGrants?: TypeGrants,
): AccessChecker {
  const held = new Set(realmAccess?.[realm] ?? []);
  const holds = (name: AccessName) => name === "anyone" || held.has(name);
  return {
    hasAccess: (...names) => names.every(holds),
    hasSomeAccess: (...names) => names.some(holds),
    basis,
    grantedOnEvery: (type, scope) => typeGrants?.[type]?.includes(scope) === true,
  };
}

export function satisfies(access: AccessChecker, rule: AccessRule): boolean {
  if (typeof rule === "function") return rule(access);
  return access.hasAccess(...(Array.isArray(rule) ? rule : [rule]));
}

/** Builds a some-of rule that still lists its names for the forbidden message. */
export function someOf(...names: AccessName[]): AccessRule & { names: AccessName[] } {
  const rule = (access: AccessChecker) => access.hasSomeAccess(...names);
  return Object.assign(rule, { names });
}

/** The permission names a rule asks for, for the forbidden message. */
export function ruleNames(rule: AccessRule): string[] {
  if (typeof rule === "function") return (rule as { names?: AccessName[] }).names ?? [];
  return Array.isArray(rule) ? rule : [rule];
}
