/** Sorting and matching shared by the group and role listings. */

export const byName = <T extends { name: string }>(a: T, b: T): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

/** Case-insensitive substring match, as Keycloak's `lower(x) like %search%`. */
export function containsIgnoreCase(text: string | undefined, search: string): boolean {
  return text !== undefined && text.toLowerCase().includes(search.toLowerCase());
}
