import type IdentityProviderMapperRepresentation from "@keycloak/keycloak-admin-client/lib/defs/identityProviderMapperRepresentation.js";
import type { SignedInUser } from "./try-sign-in-queries.ts";

/** What a mapper sets, and whether the signed-in user has it now. `unknown`: nothing on the user shows it (session notes, templates). */
export interface MapperEffect {
  mapper: IdentityProviderMapperRepresentation;
  target?: { kind: "role" | "group" | "attribute"; name: string; value?: string };
  status: "applied" | "notApplied" | "unknown";
}

const USER_FIELDS = ["username", "email", "firstName", "lastName"] as const;

function hasRole({ roles }: SignedInUser, name: string): boolean {
  if ((roles.realmMappings ?? []).some((role) => role.name === name)) return true;
  const dot = name.indexOf(".");
  if (dot < 0) return false;
  const [client, role] = [name.slice(0, dot), name.slice(dot + 1)];
  return (roles.clientMappings?.[client]?.mappings ?? []).some((mapping) => mapping.name === role);
}

function inGroup({ groups }: SignedInUser, path: string): boolean {
  const wanted = path.startsWith("/") ? path : `/${path}`;
  return groups.some((group) => group.path === wanted || group.name === path);
}

function attributeValues({ user }: SignedInUser, name: string): string[] {
  const field = USER_FIELDS.find((key) => key === name);
  if (field) return user[field] ? [String(user[field])] : [];
  return user.attributes?.[name] ?? [];
}

/** Each mapper of the provider with the role, group or attribute it sets and whether the user carries it. */
export function mapperEffects(mappers: IdentityProviderMapperRepresentation[], signedIn: SignedInUser): MapperEffect[] {
  return mappers.map((mapper) => {
    const config = mapper.config ?? {};
    if (config.role) {
      const name = String(config.role);
      return { mapper, target: { kind: "role", name }, status: hasRole(signedIn, name) ? "applied" : "notApplied" };
    }
    if (config.group) {
      const name = String(config.group);
      return { mapper, target: { kind: "group", name }, status: inGroup(signedIn, name) ? "applied" : "notApplied" };
    }
    // Session note mappers set nothing on the user.
    const onSession = (mapper.identityProviderMapper ?? "").includes("session");
    const attribute = config["user.attribute"] ?? config.userAttribute ?? config.attribute;
    if (attribute && !onSession) {
      const name = String(attribute);
      const values = attributeValues(signedIn, name);
      return {
        mapper,
        target: { kind: "attribute", name, value: values.join(", ") || undefined },
        status: values.length ? "applied" : "notApplied",
      };
    }
    return { mapper, status: "unknown" };
  });
}
