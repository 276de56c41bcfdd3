import { keyValueToMap, mapToKeyValue, type KeyValueEntry } from "../../core/ui/form/key-value-convert.ts";
import { domainNames } from "./domain-names.ts";
import type { Organization } from "./organization-queries.ts";

/** What the create and edit forms hold. */
export interface OrganizationFormValues {
  name: string;
  alias: string;
  domains: string[];
  redirectUrl: string;
  description: string;
  enabled: boolean;
  attributes: KeyValueEntry[];
}

export const NEW_ORGANIZATION: OrganizationFormValues = {
  name: "",
  alias: "",
  domains: [""],
  redirectUrl: "",
  description: "",
  enabled: true,
  attributes: [],
};

export function toFormValues(organization: Organization): OrganizationFormValues {
  const domains = domainNames(organization.domains);
  return {
    name: organization.name ?? "",
    alias: organization.alias ?? "",
    domains: domains.length > 0 ? domains : [""],
    redirectUrl: organization.redirectUrl ?? "",
    description: organization.description ?? "",
    enabled: organization.enabled !== false,
    attributes: mapToKeyValue(organization.attributes),
  };
}

/** The representation to send; keeps the verified flag of domains that stay. */
export function toRepresentation(values: OrganizationFormValues, existing?: Organization): Organization {
  const verified = new Map((existing?.domains ?? []).map((domain) => [domain.name, domain.verified]));
  const names = [...new Set(values.domains.map((domain) => domain.trim()).filter((domain) => domain !== ""))];
  return {
    ...existing,
    name: values.name.trim(),
    alias: values.alias.trim() || undefined,
    domains: names.map((name) => ({ name, verified: verified.get(name) ?? false })),
    redirectUrl: values.redirectUrl.trim() || undefined,
    description: values.description,
    enabled: values.enabled,
    attributes: keyValueToMap(values.attributes),
  };
}
