/** Link builders for the shell's own routes; no screen builds these by hand. */
export const toDashboard = (realm: string, tab?: string) => (tab ? `/${realm}/${tab}` : `/${realm}`);
export const toRealms = (realm: string) => `/${realm}/realms`;
export const toArea = (realm: string, path: string) => `/${realm}/${path}`;
