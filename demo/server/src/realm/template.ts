import { readFileSync } from "node:fs";
import type { ClientRep, ComponentRep, RealmRep, RoleRep } from "./representation.ts";

/**
 * What Keycloak 26 gives every new realm: derived from a real 26.4.5 export of
 * a freshly created realm (ids removed, the realm name replaced by `{{realm}}`),
 * plus Keycloak's default declarative user profile. The RS256 `rsa-generated`
 * key provider is left out: oidc/keys.ts creates it with its key on first use.
 */
const templateText = readFileSync(new URL("./new-realm-template.json", import.meta.url), "utf8");

/** The realm-management client roles, in the order Keycloak lists them. */
export const REALM_MANAGEMENT_ROLES = [
  "view-realm",
  "view-users",
  "view-clients",
  "view-events",
  "view-identity-providers",
  "view-authorization",
  "manage-realm",
  "manage-users",
  "manage-clients",
  "manage-events",
  "manage-identity-providers",
  "manage-authorization",
  "query-users",
  "query-clients",
  "query-realms",
  "query-groups",
  "create-client",
  "impersonation",
  "query-organizations",
  "view-organizations",
  "manage-organizations",
] as const;

/** Composite realm-management roles besides realm-admin. */
export const REALM_MANAGEMENT_COMPOSITES: Record<string, string[]> = {
  "view-users": ["query-users", "query-groups"],
  "view-clients": ["query-clients"],
  "view-organizations": ["query-organizations"],
};

/** A fresh copy of the new-realm template for `realmName`. */
export function realmTemplate(realmName: string): RealmRep {
  const json = JSON.stringify(realmName).slice(1, -1);
  return JSON.parse(templateText.replaceAll("{{realm}}", json)) as RealmRep;
}

const USER_PROFILE = "org.keycloak.userprofile.UserProfileProvider";

/** The template's user-profile component with its configuration (the UPConfig) changed by `edit`. */
export function templateUserProfile(
  realmName: string,
  edit: (config: { attributes: { required?: unknown }[] }) => object,
): Record<string, ComponentRep[]> {
  const [component] = realmTemplate(realmName).components![USER_PROFILE]!;
  const config = JSON.parse(component!.config!["kc.user.profile.config"]![0]!) as {
    attributes: { required?: unknown }[];
  };
  return { [USER_PROFILE]: [{ ...component, config: { "kc.user.profile.config": [JSON.stringify(edit(config))] } }] };
}

/**
 * Fills what an import leaves out the way Keycloak's import does: built-in
 * clients, roles, client scopes, flows, required actions, key providers and
 * every realm setting missing from `rep`. Master gets `master-realm` and the
 * admin/create-realm roles instead of `realm-management`.
 */
export function withTemplateDefaults(rep: RealmRep): RealmRep {
  const name = rep.realm!;
  const template = realmTemplate(name);
  const isMaster = name === "master";
  if (isMaster) adaptTemplateToMaster(template);
  const merged: RealmRep = { ...template, ...rep };

  const clientIds = new Set((rep.clients ?? []).map((c) => c.clientId));
  merged.clients = [...(rep.clients ?? []), ...(template.clients ?? []).filter((c) => !clientIds.has(c.clientId))];

  const realmRoles = rep.roles?.realm ?? [];
  const realmRoleNames = new Set(realmRoles.map((r) => r.name));
  const defaultRoleName = rep.defaultRole?.name ?? template.defaultRole!.name;
  const templateRealmRoles = (template.roles?.realm ?? []).filter((r) => {
    if (realmRoleNames.has(r.name)) return false;
    // an imported realm with its own default role keeps it instead of the template's
    return r.name !== template.defaultRole!.name || r.name === defaultRoleName;
  });
  const clientRoles: Record<string, RoleRep[]> = { ...(rep.roles?.client ?? {}) };
  for (const [clientId, roles] of Object.entries(template.roles?.client ?? {})) {
    if (!clientIds.has(clientId) && !clientRoles[clientId]) clientRoles[clientId] = roles;
  }
  merged.roles = { realm: [...realmRoles, ...templateRealmRoles], client: clientRoles };
  merged.defaultRole = rep.defaultRole ?? template.defaultRole;

  if (rep.components) {
    const components = { ...rep.components };
    for (const [type, list] of Object.entries(template.components ?? {})) {
      const present = new Set((components[type] ?? []).map((c) => c.providerId));
      // key providers are added per kind, as Keycloak generates each missing kind of key
      const missing =
        type === "org.keycloak.keys.KeyProvider"
          ? list.filter((c) => !present.has(c.providerId))
          : present.size
            ? []
            : list;
      components[type] = [...(components[type] ?? []), ...missing];
    }
    merged.components = components;
  }
  if (rep.attributes && template.attributes)
    merged.attributes = { ...(template.attributes as object), ...(rep.attributes as object) };
  return merged;
}

function adaptTemplateToMaster(template: RealmRep): void {
  const management = template.clients!.find((c) => c.clientId === "realm-management")!;
  const masterRealmClient: ClientRep = {
    ...management,
    clientId: "master-realm",
    name: "master Realm",
    attributes: { realm_client: "true", "post.logout.redirect.uris": "+" },
  };
  template.clients = template.clients!.map((c) => (c === management ? masterRealmClient : c));
  const managementRoles = template.roles!.client!["realm-management"].filter((r) => r.name !== "realm-admin");
  delete template.roles!.client!["realm-management"];
  template.roles!.client!["master-realm"] = managementRoles.map((r) =>
    renameCompositeClient(r, "realm-management", "master-realm"),
  );
  template.roles!.realm!.push(
    { name: "create-realm", description: "${role_create-realm}", composite: false, clientRole: false, attributes: {} },
    {
      name: "admin",
      description: "${role_admin}",
      composite: true,
      composites: { realm: ["create-realm"], client: { "master-realm": [...REALM_MANAGEMENT_ROLES] } },
      clientRole: false,
      attributes: {},
    },
  );
  template.displayName = "Keycloak";
  template.displayNameHtml = '<div class="kc-logo-text"><span>Keycloak</span></div>';
}

function renameCompositeClient(role: RoleRep, from: string, to: string): RoleRep {
  const client = role.composites?.client;
  if (!client?.[from]) return role;
  const { [from]: names, ...others } = client;
  return { ...role, composites: { ...role.composites, client: { ...others, [to]: names } } };
}
