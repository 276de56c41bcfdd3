import type { OrganizationRecord } from "../../store/types.ts";
import { boolParam, parseSearchQuery, stringParam, type Query } from "../common/query.ts";

/** Filters organizations as Keycloak's search does: by `q` attributes, or by name/domain (`search`, `exact`); sorted by name. */
export function filterOrganizations(orgs: OrganizationRecord[], query: Query): OrganizationRecord[] {
  const q = stringParam(query, "q");
  let matches: OrganizationRecord[];
  if (q?.trim()) {
    const fields = parseSearchQuery(q);
    matches = orgs.filter((org) =>
      [...fields].every(([key, value]) =>
        key === "alias" ? org.alias === value : (org.attributes[key] ?? []).includes(value),
      ),
    );
  } else {
    const search = stringParam(query, "search")?.trim();
    if (!search) matches = orgs;
    else if (boolParam(query, "exact"))
      matches = orgs.filter((o) => o.name === search || o.domains.some((d) => d.name === search));
    else {
      const needle = search.toLowerCase();
      matches = orgs.filter(
        (o) => o.name.toLowerCase().includes(needle) || o.domains.some((d) => d.name.includes(needle)),
      );
    }
  }
  return matches.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
