/** The permissions area's addresses, as the upstream console has them (bookmarks keep working). */
/** `effective-access` is ours (★): upstream has no such tab. */
export const PERMISSION_TABS = ["permissions", "policies", "evaluation", "effective-access"] as const;
export type PermissionTab = (typeof PERMISSION_TABS)[number];

export const isPermissionTab = (tab: string | undefined): tab is PermissionTab =>
  (PERMISSION_TABS as readonly string[]).includes(tab ?? "");

export const toPermissions = (realm: string) => `/${realm}/permissions`;
export const toPermissionsTab = (realm: string, permissionClientId: string, tab: PermissionTab = "permissions") =>
  `/${realm}/permissions/${encodeURIComponent(permissionClientId)}/${tab}`;
export const toNewPermission = (realm: string, resourceType: string) =>
  `/${realm}/permissions/permission/new/${encodeURIComponent(resourceType)}`;
export const toPermission = (realm: string, permissionId: string, resourceType: string) =>
  `/${realm}/permissions/permission/${encodeURIComponent(permissionId)}/${encodeURIComponent(resourceType)}`;
export const toNewAdminPolicy = (realm: string, policyType: string) =>
  `/${realm}/permissions/policies/new/${encodeURIComponent(policyType)}`;
export const toAdminPolicy = (realm: string, policyId: string, policyType: string) =>
  `/${realm}/permissions/policies/${encodeURIComponent(policyId)}/${encodeURIComponent(policyType)}`;
