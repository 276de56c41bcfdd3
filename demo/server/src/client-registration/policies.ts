import type { Db } from "../store/db.ts";
import type { ClientRecord, ComponentRecord, RealmRecord } from "../store/types.ts";
import type { RegistrationAuth } from "./tokens.ts";
import { trustedHostPolicy } from "./trusted-hosts.ts";
import { clientScopesPolicy } from "./client-scopes-policy.ts";

export const POLICY_TYPE = "org.keycloak.services.clientregistration.policy.ClientRegistrationPolicy";

/** What a policy sees of a request: the realm, the client as sent (ClientRepresentation) and the caller's address. */
export interface PolicyContext {
  db: Db;
  realm: RealmRecord;
  remoteAddress: string;
  /** The requested ClientRepresentation (register, update); empty for view and delete. */
  client: Record<string, unknown>;
}

type Config = Record<string, string[]>;

/** One registration policy: checks that throw a PolicyRefusal, and changes made to a client just registered. */
export interface RegistrationPolicy {
  beforeRegister?(ctx: PolicyContext, config: Config): void | Promise<void>;
  afterRegister?(client: ClientRecord, config: Config): void;
  beforeUpdate?(ctx: PolicyContext, existing: ClientRecord, config: Config): void | Promise<void>;
  beforeView?(ctx: PolicyContext, config: Config): void | Promise<void>;
  beforeDelete?(ctx: PolicyContext, config: Config): void | Promise<void>;
}

/** A policy's refusal; the runner names the policy in the message, as Keycloak's ClientRegistrationPolicyException. */
export class PolicyRefusal extends Error {
  constructor(
    message: string,
    readonly policyName?: string,
  ) {
    super(message);
  }
}

const first = (config: Record<string, string[]>, key: string) => config[key]?.[0];

/** Keycloak's `currentValue && !newValue` style guards for one boolean field a policy pins. */
function pinned(field: string, pinnedTo: boolean, message: string): RegistrationPolicy {
  return {
    afterRegister(client) {
      client.rep[field] = pinnedTo;
    },
    beforeUpdate(ctx, existing) {
      const wanted = ctx.client[field];
      if (typeof wanted !== "boolean") return;
      const current = existing.rep[field] === true;
      if (current === pinnedTo && wanted !== pinnedTo) throw new PolicyRefusal(message);
    },
  };
}

const maxClientsPolicy: RegistrationPolicy = {
  beforeRegister(ctx, config) {
    const max = Number.parseInt(first(config, "max-clients") ?? "200", 10);
    const limit = Number.isNaN(max) ? 200 : max;
    if (ctx.db.list("clients", ctx.realm.id).length >= limit)
      throw new PolicyRefusal(`It's allowed to have max ${limit} clients per realm`);
  },
};

function mapperTypesCheck(ctx: PolicyContext, config: Record<string, string[]>): void {
  const mappers = ctx.client.protocolMappers;
  if (!Array.isArray(mappers)) return;
  const allowed = config["allowed-protocol-mapper-types"] ?? [];
  for (const mapper of mappers as { protocolMapper?: unknown }[]) {
    if (!allowed.includes(String(mapper?.protocolMapper))) throw new PolicyRefusal("ProtocolMapper type not allowed");
  }
}

const protocolMappersPolicy: RegistrationPolicy = {
  beforeRegister: mapperTypesCheck,
  beforeUpdate: (ctx, _existing, config) => mapperTypesCheck(ctx, config),
  afterRegister(client, config) {
    const allowed = config["allowed-protocol-mapper-types"] ?? [];
    client.protocolMappers = client.protocolMappers.filter((mapper) => allowed.includes(mapper.protocolMapper));
  },
};

/** Keycloak's client registration policy providers, by provider id. */
const POLICIES: Record<string, RegistrationPolicy> = {
  "trusted-hosts": trustedHostPolicy,
  "consent-required": pinned("consentRequired", true, "Not permitted to update consentRequired to false"),
  scope: pinned("fullScopeAllowed", false, "Not permitted to enable fullScopeAllowed"),
  "client-disabled": pinned("enabled", false, "Not permitted to enable client"),
  "max-clients": maxClientsPolicy,
  "allowed-client-templates": clientScopesPolicy,
  "allowed-protocol-mappers": protocolMappersPolicy,
  "registration-web-origins": {},
};

/** The realm's policy components for one kind of registration, in the order the realm lists them. */
function policiesFor(db: Db, realm: RealmRecord, auth: RegistrationAuth): ComponentRecord[] {
  return db
    .list("components", realm.id)
    .filter((c) => c.providerType === POLICY_TYPE && c.parentId === realm.id && c.subType === auth);
}

/** Runs one hook of every policy of `auth`; the first refusal throws with the policy's name, as Keycloak words it. */
export async function runPolicies(
  db: Db,
  realm: RealmRecord,
  auth: RegistrationAuth,
  hook: (policy: RegistrationPolicy, config: Config) => void | Promise<void>,
): Promise<void> {
  for (const component of policiesFor(db, realm, auth)) {
    const policy = POLICIES[component.providerId];
    if (!policy) throw new PolicyRefusal(`Policy of type '${component.providerId}' not found`);
    try {
      await hook(policy, component.config ?? {});
    } catch (error) {
      if (error instanceof PolicyRefusal)
        throw new PolicyRefusal(
          `Policy '${component.name}' rejected request to client-registration service. Details: ${error.message}`,
          component.name,
        );
      throw error;
    }
  }
}
