/** The custom pages' addresses (upstream's `page-section/:providerId`, `/add`, `/:id`). */
export { UI_PAGE_PROVIDER } from "../../core/api/server-info.ts";

const section = (realm: string, providerId: string) => `/${realm}/page-section/${encodeURIComponent(providerId)}`;
export const toCustomPage = section;
export const toCustomPageAdd = (realm: string, providerId: string) => `${section(realm, providerId)}/add`;
export const toCustomPageItem = (realm: string, providerId: string, id: string) =>
  `${section(realm, providerId)}/${encodeURIComponent(id)}`;
