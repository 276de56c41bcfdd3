import type { OrganizationRecord } from "../../store/types.ts";

/** OrganizationRepresentation; attributes only in the full form, as Keycloak's toBriefRepresentation leaves them out. */
export function organizationRepresentation(org: OrganizationRecord, brief = false): Record<string, unknown> {
  const rep: Record<string, unknown> = {
    id: org.id,
    name: org.name,
    alias: org.alias,
    enabled: org.enabled,
    description: org.description,
    redirectUrl: org.redirectUrl,
    domains: org.domains.map((d) => ({ name: d.name, verified: d.verified })),
  };
  if (!brief) rep.attributes = org.attributes;
  return rep;
}
