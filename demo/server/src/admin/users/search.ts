import type { UserRecord } from "../../store/types.ts";
import { boolParam, parseSearchQuery, stringParam, type Query } from "../common/query.ts";

/** The user filters of GET /users, /users/count and ui-ext/brute-force-user, decided as Keycloak's UsersResource does. */
export interface UserFilter {
  /** The users the caller may see (admin permissions): applied inside the query, so paging and counts agree. */
  visible?: (user: UserRecord) => boolean;
  /** `search=id:{id}`: one user by id. */
  id?: string;
  /** Whitespace separated terms of `search`; each must match username, email, first or last name. */
  terms: string[];
  fields: Partial<Record<"username" | "email" | "firstName" | "lastName", string>>;
  exact: boolean;
  enabled?: boolean;
  emailVerified?: boolean;
  idpAlias?: string;
  idpUserId?: string;
  /** `q=key:value ...`: custom attributes, name and value compared case-insensitively. */
  attributes: [string, string][];
  includeServiceAccounts: boolean;
}

export function parseUserFilter(query: Query): UserFilter {
  const search = stringParam(query, "search");
  const enabled = boolParam(query, "enabled");
  const filter: UserFilter = {
    terms: [],
    fields: {},
    exact: false,
    attributes: [],
    includeServiceAccounts: false,
    enabled,
  };
  if (search !== undefined) {
    if (search.startsWith("id:")) filter.id = search.slice(3).trim();
    else filter.terms = search.trim().split(/\s+/).filter(Boolean);
    return filter;
  }
  const fields = {
    username: stringParam(query, "username"),
    email: stringParam(query, "email"),
    firstName: stringParam(query, "firstName"),
    lastName: stringParam(query, "lastName"),
  };
  const exact = boolParam(query, "exact");
  const emailVerified = boolParam(query, "emailVerified");
  const idpAlias = stringParam(query, "idpAlias");
  const idpUserId = stringParam(query, "idpUserId");
  const q = stringParam(query, "q");
  const attributes = [...parseSearchQuery(q)];
  const anyGiven =
    Object.values(fields).some((v) => v !== undefined) ||
    exact !== undefined ||
    emailVerified !== undefined ||
    idpAlias !== undefined ||
    idpUserId !== undefined ||
    enabled !== undefined ||
    attributes.length > 0;
  if (!anyGiven) return filter;
  for (const [key, value] of Object.entries(fields))
    if (value !== undefined) filter.fields[key as keyof UserFilter["fields"]] = value;
  // q's keys join the same map as the other filters in Keycloak, so `q=lastName:x` filters the last name.
  const customAttributes: [string, string][] = [];
  for (const [key, value] of attributes) {
    if (Object.hasOwn(fields, key)) filter.fields[key as keyof UserFilter["fields"]] = value;
    else if (key === "enabled") filter.enabled = value.toLowerCase() === "true";
    else if (key === "emailVerified") filter.emailVerified = value.toLowerCase() === "true";
    else customAttributes.push([key, value]);
  }
  return {
    ...filter,
    exact: exact ?? false,
    emailVerified: filter.emailVerified ?? emailVerified,
    idpAlias,
    idpUserId,
    attributes: customAttributes,
    includeServiceAccounts: true,
  };
}

/** One `search` term: `"x"` exact, `*x*` infix, otherwise a prefix (a trailing `*` is the same). */
function termMatcher(rawTerm: string): (user: UserRecord) => boolean {
  const term = rawTerm.toLowerCase();
  const anyField = (test: (value: string) => boolean) => (user: UserRecord) =>
    test(user.username) ||
    (user.email !== undefined && test(user.email)) ||
    (user.firstName !== undefined && test(user.firstName.toLowerCase())) ||
    (user.lastName !== undefined && test(user.lastName.toLowerCase()));
  if (term.length >= 2 && term.startsWith('"') && term.endsWith('"')) {
    const wanted = term.slice(1, -1);
    return anyField((v) => v === wanted);
  }
  const infix = term.length >= 2 && term.startsWith("*") && term.endsWith("*");
  const core = infix ? term.slice(1, -1) : term.endsWith("*") ? term.slice(0, -1) : term;
  if (!core.includes("*")) return infix ? anyField((v) => v.includes(core)) : anyField((v) => v.startsWith(core));
  const escape = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*");
  const pattern = new RegExp((infix ? "" : "^") + escape(core));
  return anyField((v) => pattern.test(v));
}

/** The lower-cased prefix a plain prefix term (no quotes, no inner or leading `*`) looks for; undefined otherwise. */
export function indexablePrefix(rawTerm: string): string | undefined {
  const term = rawTerm.toLowerCase();
  const core = term.endsWith("*") ? term.slice(0, -1) : term;
  if (core === "" || core.includes("*") || core.startsWith('"')) return undefined;
  return core;
}

/** A predicate for the filter; compile once per request. */
export function userMatcher(filter: UserFilter): (user: UserRecord) => boolean {
  const fieldChecks = Object.entries(filter.fields).map(([key, value]) => {
    const wanted = value!.toLowerCase();
    return (user: UserRecord) => {
      const actual = (user[key as keyof UserFilter["fields"]] ?? "").toLowerCase();
      if (user[key as keyof UserFilter["fields"]] === undefined) return false;
      return filter.exact ? actual === wanted : actual.includes(wanted);
    };
  });
  const termChecks = filter.terms.map(termMatcher);
  const attributeChecks = filter.attributes.map(([name, value]) => {
    const wantedName = name.toLowerCase();
    const wantedValue = value.toLowerCase();
    return (user: UserRecord) =>
      Object.entries(user.attributes).some(
        ([key, values]) => key.toLowerCase() === wantedName && values.some((v) => v.toLowerCase() === wantedValue),
      );
  });
  return (user) => {
    if (filter.visible && !filter.visible(user)) return false;
    if (filter.id !== undefined) return user.id === filter.id;
    if (!filter.includeServiceAccounts && user.serviceAccountClientId) return false;
    if (filter.enabled !== undefined && user.enabled !== filter.enabled) return false;
    if (filter.emailVerified !== undefined && user.emailVerified !== filter.emailVerified) return false;
    if (filter.idpAlias !== undefined || filter.idpUserId !== undefined) {
      const linked = user.federatedIdentities.some(
        (f) =>
          (filter.idpAlias === undefined || f.identityProvider === filter.idpAlias) &&
          (filter.idpUserId === undefined || f.userId === filter.idpUserId),
      );
      if (!linked) return false;
    }
    for (const check of termChecks) if (!check(user)) return false;
    for (const check of fieldChecks) if (!check(user)) return false;
    for (const check of attributeChecks) if (!check(user)) return false;
    return true;
  };
}
