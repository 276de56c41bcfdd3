export { AssociatedRolesTable, type AssociatedRolesTableProps } from "./associated-roles-table.tsx";
export { RoleDescription } from "./role-description.tsx";
export { RoleNameWithClient } from "./role-name-with-client.tsx";
export { roleByIdKey, toRoleRow, type RoleRow } from "./composite-roles-api.ts";
