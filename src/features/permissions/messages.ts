import { registerMessages } from "../../core/i18n/message-bundles.ts";

/** English texts of the permissions area: Keycloak's keys where its console has the text. */
export const permissionsMessages = {
  permissions: "Permissions",
  permissionsSubTitle:
    "Fine-grained admin permissions give administrators access to chosen users, groups, clients and roles.",
  policies: "Policies",
  edit: "Edit",
  evaluation: "Evaluation",
  permissionsTabs: "Permissions tabs",
  createPermission: "Create permission",
  permissionDetails: "Permission details",
  searchForPermission: "Search for permission",
  emptyPermissions: "No permissions",
  emptyPermissionInstructions: "If you want to create a permission, please click the button below.",
  resourceType: "Resource type",
  allResourceTypes: "All resource types",
  chooseResourceType: "Choose a resource type",
  allResources: "All resources",
  specificResources: "Specific resources",
  enforceAccessTo: "Enforce access to",
  authorizationScopes: "Authorization scopes",
  decisionStrategy: "Decision strategy",
  AFFIRMATIVE: "Affirmative",
  UNANIMOUS: "Unanimous",
  CONSENSUS: "Consensus",
  permissionDecisionStrategyHelp:
    "Unanimous: every policy must grant; Affirmative: one granting policy is enough; Consensus: more grants than denials.",
  searchPolicies: "Search policies",
  searchResources: "Search resources",
  deletePermission: "Delete permission?",
  deletePolicyConfirm: "Are you sure you want to delete the permission {{name}}?",
  permissionDeletedSuccess: "Successfully deleted the permission",
  permissionDeleteError: "Could not delete the permission: {{error}}",
  createPermissionSuccess: "Successfully created the permission",
  updatePermissionSuccess: "Successfully updated the permission",
  permissionSaveError: "Could not save the permission: {{error}}",
  permissionLoadError: "The permission could not be loaded: {{error}}",
  permissionNotFound: "This permission does not exist.",
  requiredName: "Give the permission a name.",
  permissionScopesRequired: "Choose at least one scope.",
  permissionResourcesRequired: "Choose at least one resource or enforce access to all resources.",
  adminPermissionsOff: "Admin permissions are turned off",
  adminPermissionsOffBody:
    "Turn on the ADMIN_FINE_GRAINED_AUTHZ_V2 feature of the server and Admin Permissions in this realm's general settings to manage permissions.",
  permissionsNotBuiltYet: "This tab is not available yet.",
  Users: "Users",
  Groups: "Groups",
  Clients: "Clients",
  Roles: "Roles",
};

registerMessages("permissions", permissionsMessages);
