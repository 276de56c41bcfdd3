import { registerMessages } from "../../../core/i18n/message-bundles.ts";

/** Texts of a client's Permissions tab (fine-grained admin permissions v1): Keycloak's keys, `clients…` of our own. */
export const clientPermissionsMessages = {
  permissions: "Permissions",
  clientsPermissionsHint:
    "Fine grained permissions for administrators that want to manage this client or apply roles defined by this client.",
  permissionsEnabled: "Permissions enabled",
  permissionsEnabledHelp:
    "Determines if fine grained permissions are enabled for managing this role. Disabling deletes all current permissions.",
  permissionsDisable: "Disable permissions?",
  permissionsDisableConfirm:
    "If you disable the permissions, all the permissions in the list below will be delete automatically. In addition, the resources and scopes that are related will be removed",
  confirm: "Confirm",
  permissionsList: "Permission list",
  permissionsListIntro:
    "Edit the permission list by clicking the scope-name. It then redirects to the permission details page of the client named <1>{{realm}}</1>",
  permissionsScopeName: "Scope-name",
  description: "Description",
  edit: "Edit",
  "scopePermissions.clients.view-description": "Policies that decide if an administrator can view this client",
  "scopePermissions.clients.manage-description": "Policies that decide if an administrator can manage this client",
  "scopePermissions.clients.configure-description":
    "Reduced management permissions for administrator. Cannot set scope, template, or protocol mappers.",
  "scopePermissions.clients.map-roles-description":
    "Policies that decide if an administrator can map roles defined by this client",
  "scopePermissions.clients.map-roles-client-scope-description":
    "Policies that decide if an administrator can apply roles defined by this client to the client scope of another client",
  "scopePermissions.clients.map-roles-composite-description":
    "Policies that decide if an administrator can apply roles defined by this client as a composite to another role",
  "scopePermissions.clients.token-exchange-description":
    "Policies that decide which clients are allowed exchange tokens for a token that is targeted to this client.",
  clientsPermissionsLoadError: "Could not load the permissions: {{error}}",
  clientsPermissionsUpdateError: "Could not update the permissions: {{error}}",
};

registerMessages("clientPermissions", clientPermissionsMessages);
