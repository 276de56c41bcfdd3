/** A domain as the server may give it: a plain name or an object with a name (spec §3). */
export type DomainEntry = string | { name?: string; verified?: boolean };

export function domainNames(domains: readonly DomainEntry[] | undefined): string[] {
  return (domains ?? [])
    .map((domain) => (typeof domain === "string" ? domain : (domain.name ?? "")))
    .filter((name) => name !== "");
}
