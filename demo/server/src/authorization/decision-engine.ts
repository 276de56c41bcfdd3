import type {
  AuthzPolicyRecord,
  AuthzResourceRecord,
  AuthzScopeRecord,
  ResourceServerSettings,
} from "../store/types.ts";

/**
 * Keycloak's policy decision, as one pure function of a resource server's records, who asks and what is asked:
 * enforcement modes, affirmative / unanimous / consensus at permission and resource-server level,
 * positive / negative logic, aggregated policies and resource-type permissions. Every outcome carries the
 * reason it was reached, so callers can show why (the evaluate tab's decision tree), not only what.
 * Used by `policy/evaluate`, the token endpoint's UMA grant, and any resource server of the realm.
 */

export type Strategy = ResourceServerSettings["decisionStrategy"];

export interface AuthorizationModel {
  settings: ResourceServerSettings;
  resources: AuthzResourceRecord[];
  scopes: AuthzScopeRecord[];
  policies: AuthzPolicyRecord[];
}

/** Who asks: what the policies look at. */
export interface Identity {
  userId?: string;
  /** Effective role ids (direct, groups, composites). */
  roleIds: ReadonlySet<string>;
  /** Direct group memberships. */
  groupIds: ReadonlySet<string>;
  /** Groups the user belongs to through a sub-group: ancestor ids of the direct groups. */
  ancestorGroupIds: ReadonlySet<string>;
  /** Internal id of the client the request comes from. */
  clientId?: string;
  clientScopeIds: ReadonlySet<string>;
  /** Identity claims a regex policy may read (`sub`, `preferred_username`, `email`, attributes...). */
  claims: Record<string, unknown>;
  /** Context attributes (`kc.time.date_time`, custom ones from the request). */
  contextAttributes: Record<string, string[]>;
  now: Date;
}

/** One requested resource with the scope names asked for (none: all of its scopes). */
export interface PermissionRequest {
  resourceId?: string;
  scopeNames: string[];
}

export interface PolicyOutcome {
  policy: AuthzPolicyRecord;
  granted: boolean;
  /** Why, in words an administrator reads. */
  reason: string;
  children: PolicyOutcome[];
}

export interface PermissionOutcome extends PolicyOutcome {
  /** Scope names of the resource this permission decides on. */
  scopes: string[];
}

export interface ResourceDecision {
  resource: AuthzResourceRecord;
  requestedScopes: AuthzScopeRecord[];
  grantedScopes: AuthzScopeRecord[];
  deniedScopes: AuthzScopeRecord[];
  granted: boolean;
  permissions: PermissionOutcome[];
  reason: string;
}

export interface Decision {
  granted: boolean;
  results: ResourceDecision[];
}

const MAX_DEPTH = 16;

function combine(strategy: Strategy, outcomes: boolean[]): boolean {
  if (outcomes.length === 0) return false;
  const grants = outcomes.filter(Boolean).length;
  if (strategy === "UNANIMOUS") return grants === outcomes.length;
  if (strategy === "AFFIRMATIVE") return grants > 0;
  return grants > outcomes.length - grants;
}

function strategyWords(strategy: Strategy, outcomes: boolean[]): string {
  const grants = outcomes.filter(Boolean).length;
  const total = outcomes.length;
  if (total === 0) return "no policy is associated, so it denies";
  if (strategy === "UNANIMOUS") return `unanimous: ${grants} of ${total} granted`;
  if (strategy === "AFFIRMATIVE") return `affirmative: ${grants} of ${total} granted`;
  return `consensus: ${grants} granted, ${total - grants} denied`;
}

function jsonList(value: string | undefined): unknown[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}
const entryId = (entry: unknown): string =>
  typeof entry === "string" ? entry : String((entry as { id?: unknown } | null)?.id ?? "");
const entryFlag = (entry: unknown, name: string): boolean => {
  const value = entry && typeof entry === "object" ? (entry as Record<string, unknown>)[name] : undefined;
  return value === true || value === "true";
};

/** Names for reasons: roles, groups, clients, client scopes and users by id. */
export interface NameLookup {
  role(id: string): string;
  group(id: string): string;
  client(id: string): string;
  clientScope(id: string): string;
  user(id: string): string;
}

const plainNames: NameLookup = {
  role: (id) => id,
  group: (id) => id,
  client: (id) => id,
  clientScope: (id) => id,
  user: (id) => id,
};

function checkRange(
  label: string,
  current: number,
  start: string | undefined,
  end: string | undefined,
): string | undefined {
  if (!start) return undefined;
  const from = Number(start);
  const to = end ? Number(end) : from;
  if (current < from || current > to) return `${label} is ${current}, outside ${from === to ? from : `${from}–${to}`}`;
  return undefined;
}

function parseDate(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return new Date(y!, mo! - 1, d!, h!, mi!, s!).getTime();
}

const lookups = new WeakMap<readonly { id: string }[], Map<string, unknown>>();

/** Records by id, built once per list (a model's lists are reused across decisions). */
function lookupOf<T extends { id: string }>(records: T[]): Map<string, T> {
  let map = lookups.get(records) as Map<string, T> | undefined;
  if (!map) {
    map = new Map(records.map((record) => [record.id, record]));
    lookups.set(records, map);
  }
  return map;
}

/** Evaluates policies for one identity, each at most once (a policy's outcome does not depend on the resource). */
export class PolicyEvaluator {
  private readonly cache = new Map<AuthzPolicyRecord, PolicyOutcome>();
  private readonly byId: Map<string, AuthzPolicyRecord>;

  constructor(
    policies: AuthzPolicyRecord[],
    private readonly identity: Identity,
    private readonly names: NameLookup = plainNames,
  ) {
    this.byId = lookupOf(policies);
  }

  evaluate(policy: AuthzPolicyRecord, depth = 0): PolicyOutcome {
    const cached = this.cache.get(policy);
    if (cached) return cached;
    const raw =
      depth > MAX_DEPTH
        ? { granted: false, reason: "policies refer to each other in a loop", children: [] as PolicyOutcome[] }
        : this.decide(policy, depth);
    const negative = policy.logic === "NEGATIVE";
    const outcome: PolicyOutcome = {
      policy,
      granted: negative ? !raw.granted : raw.granted,
      reason: negative ? `${raw.reason}; negative logic turns it into ${raw.granted ? "deny" : "grant"}` : raw.reason,
      children: raw.children,
    };
    this.cache.set(policy, outcome);
    return outcome;
  }

  private associated(policy: AuthzPolicyRecord, depth: number): PolicyOutcome[] {
    return policy.policyIds
      .map((id) => this.byId.get(id))
      .filter((p): p is AuthzPolicyRecord => p !== undefined)
      .map((p) => this.evaluate(p, depth + 1));
  }

  private decide(
    policy: AuthzPolicyRecord,
    depth: number,
  ): { granted: boolean; reason: string; children: PolicyOutcome[] } {
    const id = this.identity;
    const config = policy.config;
    const done = (granted: boolean, reason: string) => ({ granted, reason, children: [] as PolicyOutcome[] });
    switch (policy.type) {
      case "resource":
      case "scope":
      case "aggregate": {
        const children = this.associated(policy, depth);
        const outcomes = children.map((child) => child.granted);
        return {
          granted: combine(policy.decisionStrategy, outcomes),
          reason: strategyWords(policy.decisionStrategy, outcomes),
          children,
        };
      }
      case "role": {
        const roles = jsonList(config.roles);
        const missingRequired = roles.filter((r) => entryFlag(r, "required") && !id.roleIds.has(entryId(r)));
        const held = roles.filter((r) => id.roleIds.has(entryId(r)));
        if (missingRequired.length)
          return done(
            false,
            `required role ${missingRequired.map((r) => this.names.role(entryId(r))).join(", ")} missing`,
          );
        if (!held.length)
          return done(false, `none of the roles ${roles.map((r) => this.names.role(entryId(r))).join(", ")} is held`);
        return done(true, `holds role ${held.map((r) => this.names.role(entryId(r))).join(", ")}`);
      }
      case "user": {
        const users = jsonList(config.users).map(entryId);
        return id.userId && users.includes(id.userId)
          ? done(true, "the user is one of the policy's users")
          : done(false, `the user is not one of ${users.map((u) => this.names.user(u)).join(", ")}`);
      }
      case "group": {
        const groups = jsonList(config.groups);
        const member = groups.find(
          (g) => id.groupIds.has(entryId(g)) || (entryFlag(g, "extendChildren") && id.ancestorGroupIds.has(entryId(g))),
        );
        return member
          ? done(true, `member of group ${this.names.group(entryId(member))}`)
          : done(false, `not a member of ${groups.map((g) => this.names.group(entryId(g))).join(", ")}`);
      }
      case "client": {
        const clients = jsonList(config.clients).map(entryId);
        return id.clientId && clients.includes(id.clientId)
          ? done(true, `the request comes from client ${this.names.client(id.clientId)}`)
          : done(false, `the request does not come from ${clients.map((c) => this.names.client(c)).join(", ")}`);
      }
      case "client-scope": {
        const scopes = jsonList(config.clientScopes);
        const missing = scopes.filter((s) => entryFlag(s, "required") && !id.clientScopeIds.has(entryId(s)));
        const held = scopes.filter((s) => id.clientScopeIds.has(entryId(s)));
        if (missing.length)
          return done(
            false,
            `required client scope ${missing.map((s) => this.names.clientScope(entryId(s))).join(", ")} missing`,
          );
        if (!held.length) return done(false, "none of the policy's client scopes is granted");
        return done(true, `client scope ${held.map((s) => this.names.clientScope(entryId(s))).join(", ")} granted`);
      }
      case "time":
        return this.time(config);
      case "regex": {
        if (!config.targetClaim) return done(false, "the policy names no target claim");
        if (!config.pattern) return done(false, "the policy has no pattern");
        const claim = config.targetClaim;
        const source =
          config.targetContextAttributes === "true" ? id.contextAttributes[claim] : claimValue(id.claims, claim);
        const values = source === undefined ? [] : Array.isArray(source) ? source.map(String) : [String(source)];
        if (!values.length) return done(false, `claim ${claim} is absent`);
        let pattern: RegExp;
        try {
          pattern = new RegExp(`^(?:${config.pattern ?? ""})$`);
        } catch {
          return done(false, `pattern ${config.pattern} is not a valid regular expression`);
        }
        const match = values.find((value) => pattern.test(value));
        return match !== undefined
          ? done(true, `${claim} "${match}" matches ${config.pattern}`)
          : done(false, `${claim} "${values.join(", ")}" does not match ${config.pattern}`);
      }
      case "js":
        return /^\s*(\/\/[^\n]*\n\s*)*\$evaluation\.grant\(\);?\s*$/.test(config.code ?? "")
          ? done(true, "the script grants")
          : done(false, "JavaScript policies other than the default one are not run by this server");
      default:
        return done(false, `unknown policy type ${policy.type}`);
    }
  }

  private time(config: Record<string, string>): { granted: boolean; reason: string; children: PolicyOutcome[] } {
    const now = this.identity.now;
    const closed: string[] = [];
    if (config.notBefore) {
      const at = parseDate(config.notBefore);
      if (at === undefined || now.getTime() < at) closed.push(`not before ${config.notBefore}`);
    }
    if (config.notOnOrAfter) {
      const at = parseDate(config.notOnOrAfter);
      if (at === undefined || now.getTime() >= at) closed.push(`not on or after ${config.notOnOrAfter}`);
    }
    for (const problem of [
      checkRange("day of month", now.getDate(), config.dayMonth, config.dayMonthEnd),
      checkRange("month", now.getMonth() + 1, config.month, config.monthEnd),
      checkRange("year", now.getFullYear(), config.year, config.yearEnd),
      checkRange("hour", now.getHours(), config.hour, config.hourEnd),
      checkRange("minute", now.getMinutes(), config.minute, config.minuteEnd),
    ])
      if (problem) closed.push(problem);
    return closed.length
      ? { granted: false, reason: `time window closed: ${closed.join("; ")}`, children: [] }
      : { granted: true, reason: "within the time window", children: [] };
  }
}

function claimValue(claims: Record<string, unknown>, path: string): unknown {
  if (Object.hasOwn(claims, path)) return claims[path];
  let current: unknown = claims;
  for (const part of path.split(".")) {
    if (!current || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** Indexes of a model's permissions, built once per list of policies (the store keeps the list until it changes). */
class PermissionIndex {
  /** Resource permissions naming a resource. */
  readonly byResource = new Map<string, AuthzPolicyRecord[]>();
  /** Resource permissions on a resource type. */
  readonly byType = new Map<string, AuthzPolicyRecord[]>();
  /** Scope permissions naming resources, by resource: they apply to those resources only. */
  readonly scopeByResource = new Map<string, AuthzPolicyRecord[]>();
  /** Scope permissions naming no resource, by scope: they apply to every resource with the scope. */
  readonly scopeByScope = new Map<string, AuthzPolicyRecord[]>();

  constructor(policies: AuthzPolicyRecord[]) {
    const add = (map: Map<string, AuthzPolicyRecord[]>, key: string, policy: AuthzPolicyRecord) => {
      const list = map.get(key);
      if (list) list.push(policy);
      else map.set(key, [policy]);
    };
    for (const policy of policies) {
      if (policy.type === "resource") {
        for (const id of policy.resourceIds) add(this.byResource, id, policy);
        if (policy.config.defaultResourceType) add(this.byType, policy.config.defaultResourceType, policy);
      } else if (policy.type === "scope") {
        if (policy.resourceIds.length) for (const id of policy.resourceIds) add(this.scopeByResource, id, policy);
        else for (const id of policy.scopeIds) add(this.scopeByScope, id, policy);
      }
    }
  }

  /** The resource permissions that apply to a resource: by id, then by type, each once. */
  resourcePermissions(resource: AuthzResourceRecord): AuthzPolicyRecord[] {
    const named = this.byResource.get(resource.id) ?? [];
    const typed = resource.type ? (this.byType.get(resource.type) ?? []) : [];
    if (typed.length === 0) return named;
    if (named.length === 0) return typed;
    return [...new Set([...named, ...typed])];
  }

  /** The scope permissions that apply to a resource for some of the requested scopes, each once. */
  scopePermissions(resource: AuthzResourceRecord, requested: ReadonlySet<string>): AuthzPolicyRecord[] {
    const found = new Set<AuthzPolicyRecord>();
    for (const permission of this.scopeByResource.get(resource.id) ?? [])
      if (permission.scopeIds.some((id) => requested.has(id))) found.add(permission);
    for (const scopeId of requested)
      for (const permission of this.scopeByScope.get(scopeId) ?? []) found.add(permission);
    return [...found];
  }
}

const indexes = new WeakMap<AuthzPolicyRecord[], PermissionIndex>();

function indexOf(policies: AuthzPolicyRecord[]): PermissionIndex {
  let index = indexes.get(policies);
  if (!index) {
    index = new PermissionIndex(policies);
    indexes.set(policies, index);
  }
  return index;
}

/** How many of the outcomes grant, as `combine` counts them without building a list. */
function combineCounts(strategy: Strategy, grants: number, total: number): boolean {
  if (total === 0) return false;
  if (strategy === "UNANIMOUS") return grants === total;
  if (strategy === "AFFIRMATIVE") return grants > 0;
  return grants > total - grants;
}

/** Decides on the requested resources (none: every resource of the server) for one identity. */
export function decide(
  model: AuthorizationModel,
  identity: Identity,
  requests: PermissionRequest[],
  names?: NameLookup,
  { explain = false } = {},
): Decision {
  const index = indexOf(model.policies);
  const scopesById = lookupOf(model.scopes);
  const resourcesById = lookupOf(model.resources);
  const evaluator = new PolicyEvaluator(model.policies, identity, names);
  const mode = model.settings.policyEnforcementMode;
  const strategy = model.settings.decisionStrategy;

  const wanted: { resource: AuthzResourceRecord; scopeNames: string[] }[] = [];
  if (requests.length === 0) for (const resource of model.resources) wanted.push({ resource, scopeNames: [] });
  for (const request of requests) {
    if (request.resourceId) {
      const resource = resourcesById.get(request.resourceId);
      if (resource) wanted.push({ resource, scopeNames: request.scopeNames });
    } else {
      const ids = new Set(model.scopes.filter((s) => request.scopeNames.includes(s.name)).map((s) => s.id));
      for (const resource of model.resources)
        if (resource.scopeIds.some((id) => ids.has(id))) wanted.push({ resource, scopeNames: request.scopeNames });
    }
  }

  const results = wanted.map(({ resource, scopeNames }): ResourceDecision => {
    const resourceScopes: AuthzScopeRecord[] = [];
    for (const id of resource.scopeIds) {
      const scope = scopesById.get(id);
      if (scope && (scopeNames.length === 0 || scopeNames.includes(scope.name))) resourceScopes.push(scope);
    }
    const requestedScopes = resourceScopes;
    const requestedIds = new Set(requestedScopes.map((scope) => scope.id));
    const resourcePermissions = index.resourcePermissions(resource);
    const scopePermissions = index.scopePermissions(resource, requestedIds);

    const permissions: PermissionOutcome[] = [];
    let resourceGrants = 0;
    for (const permission of resourcePermissions) {
      const outcome = evaluator.evaluate(permission);
      if (outcome.granted) resourceGrants++;
      permissions.push({ ...outcome, scopes: requestedScopes.map((scope) => scope.name) });
    }
    const scopeOutcomes: boolean[] = [];
    for (const permission of scopePermissions) {
      const outcome = evaluator.evaluate(permission);
      scopeOutcomes.push(outcome.granted);
      const covered = requestedScopes.filter((scope) => permission.scopeIds.includes(scope.id));
      permissions.push({ ...outcome, scopes: covered.map((scope) => scope.name) });
    }
    const decided = (
      granted: boolean,
      grantedScopes: AuthzScopeRecord[],
      deniedScopes: AuthzScopeRecord[],
      reason: string,
    ) => ({
      resource,
      requestedScopes,
      grantedScopes,
      deniedScopes,
      granted,
      permissions: explain ? [...permissions, ...otherScopePermissions()] : permissions,
      reason,
    });
    /**
     * What an evaluation also lists, as Keycloak's does: the resource's scope permissions for scopes not asked
     * about, evaluated but deciding nothing (no scope of theirs was requested).
     */
    const otherScopePermissions = (): PermissionOutcome[] => {
      const consulted = new Set(scopePermissions);
      return (index.scopeByResource.get(resource.id) ?? [])
        .filter((permission) => !consulted.has(permission))
        .map((permission) => ({ ...evaluator.evaluate(permission), scopes: [] }));
    };

    if (mode === "DISABLED") return decided(true, requestedScopes, [], "policy enforcement is disabled");
    if (permissions.length === 0) {
      const granted = mode === "PERMISSIVE";
      return granted
        ? decided(true, requestedScopes, [], "no permission applies; permissive mode grants")
        : decided(false, [], requestedScopes, "no permission applies; enforcing mode denies");
    }
    const grantedScopes: AuthzScopeRecord[] = [];
    const deniedScopes: AuthzScopeRecord[] = [];
    for (const scope of requestedScopes) {
      let grants = resourceGrants;
      let total = resourcePermissions.length;
      scopePermissions.forEach((permission, i) => {
        if (!permission.scopeIds.includes(scope.id)) return;
        total++;
        if (scopeOutcomes[i]) grants++;
      });
      const scopeGranted = total ? combineCounts(strategy, grants, total) : mode === "PERMISSIVE";
      (scopeGranted ? grantedScopes : deniedScopes).push(scope);
    }
    const granted = requestedScopes.length
      ? grantedScopes.length > 0
      : resourcePermissions.length
        ? combineCounts(strategy, resourceGrants, resourcePermissions.length)
        : combine(
            strategy,
            permissions.map((p) => p.granted),
          );
    const all = permissions.map((p) => p.granted);
    return decided(
      granted,
      grantedScopes,
      deniedScopes,
      `resource server decision strategy ${strategyWords(strategy, all)}`,
    );
  });
  return { granted: results.length > 0 && results.every((r) => r.granted), results };
}

/** The permissions an RPT carries: `{rsid, rsname, scopes}` for each granted resource. */
export function rptPermissions(decision: Decision): { rsid: string; rsname: string; scopes?: string[] }[] {
  const merged = new Map<string, { rsid: string; rsname: string; scopes: Set<string> }>();
  for (const result of decision.results) {
    if (!result.granted) continue;
    const entry = merged.get(result.resource.id) ?? {
      rsid: result.resource.id,
      rsname: result.resource.name,
      scopes: new Set<string>(),
    };
    for (const scope of result.grantedScopes) entry.scopes.add(scope.name);
    merged.set(result.resource.id, entry);
  }
  return [...merged.values()].map(({ rsid, rsname, scopes }) =>
    scopes.size ? { rsid, rsname, scopes: [...scopes] } : { rsid, rsname },
  );
}
