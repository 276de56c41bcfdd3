import { registerMessages } from "../../core/i18n/message-bundles.ts";
import "../../core/ui/authorization/policy-messages.ts";

/** English texts of the permissions area: Keycloak's keys where its console has the text. */
export const permissionsMessages = {
  permissions: "Permissions",
  permissionsSubTitle: "Permissions control access to a resource or multiple resources of one type.",
  policies: "Policies",
  edit: "Edit",
  evaluation: "Evaluation",
  permissionsTabs: "Permissions tabs",
  createPermission: "Create permission",
  permissionDetails: "Permission details",
  searchForPermission: "Search for permission",
  emptyPermissions: "No permissions",
  emptyPermissionInstructions:
    "If you want to create a permission, please click the button below to create a resource-based or scope-based permission.",
  resourceType: "Resource type",
  allResourceTypes: "All resource types",
  allResourceType: "All {{resourceType}}",
  specificResourceType: "Specific {{resourceType}}",
  enforceAccessTo: "Enforce access to",
  authorizationScopes: "Authorization scopes",
  decisionStrategy: "Decision strategy",
  affirmative: "Affirmative",
  unanimous: "Unanimous",
  consensus: "Consensus",
  permissionDecisionStrategyHelp:
    "The decision strategy dictates how the policies associated with a given permission are evaluated and how a final decision is obtained. 'Affirmative' means that at least one policy must evaluate to a positive decision in order for the final decision to be also positive. 'Unanimous' means that all policies must evaluate to a positive decision in order for the final decision to be also positive. 'Consensus' means that the number of positive decisions must be greater than the number of negative decisions. If the number of positive and negative is the same, the final decision will be negative.",
  adminPermissionUnanimousOnly:
    "Admin permissions are always Unanimous: every policy of the permission must grant access.",
  searchPolicies: "Search policies",
  searchResources: "Search resources",
  deletePermission: "Permanently delete permission?",
  deleteAdminPermissionConfirm:
    "If you delete permission {{ permission }}, administrators cannot perform the actions on resources that were defined by the permission.",
  permissionDeletedSuccess: "Successfully deleted permission",
  permissionDeletedError: "Could not delete permission due to {{error}}",
  createPermissionSuccess: "Successfully created the permission",
  updatePermissionSuccess: "Successfully updated the permission",
  permissionSaveError: "Could not update the permission due to {{error}}",
  permissionLoadError: "The permission could not be loaded: {{error}}",
  permissionNotFound: "This permission does not exist.",
  requiredName: "Give the permission a name.",
  permissionScopesRequired: "Choose at least one scope.",
  permissionResourcesRequired: "Choose at least one resource or enforce access to all resources.",
  adminPermissionsOff: "Admin permissions are turned off",
  adminPermissionsOffBody:
    "Turn on the ADMIN_FINE_GRAINED_AUTHZ_V2 feature of the server and Admin Permissions in this realm's general settings to manage permissions.",
  createPermissionPolicy: "Create policy",
  createPolicyOfType: "Create {{policyType}} policy",
  policyDetails: "Policy details",
  policyLoadError: "The policy could not be loaded: {{error}}",
  policyNotFound: "This policy does not exist.",
  emptyAdminPoliciesInstructions: "If you want to create a policy, please choose a policy type.",
  user: "User",
  resource: "Resource",
  authorizationScope: "Authorization scope",
  anyScope: "Any scope",
  evaluate: "Evaluate",
  evaluationUserRequired: "Choose the user whose access to evaluate.",
  users: "Users",
  groups: "Groups",
  clients: "Clients",
  roles: "Roles",
  effectiveAccess: "Effective access",
  effectiveAccessIntro:
    "What an administrator may do on each resource type, as the server decides it: every scope, granted or not, and the permission or role that grants it, or the permission that denies it.",
  effectiveAccessShow: "Show access",
  effectiveAccessUserRequired: "Choose the administrator whose access to show.",
  effectiveAccessObjectHelp: "Also show the access to one object of a type.",
  effectiveAccessFor: "{{resourceType}}: {{object}}",
  effectiveAccessDecision: "Access",
  effectiveAccessDecidedBy: "Decided by",
  effectiveAccessDeniedBy: "Denied by {{permission}}",
  effectiveAccessGranted: "Granted",
  effectiveAccessDenied: "Not granted",
  effectiveAccessLegacyRole: "Role {{role}}",
  effectiveAccessLegacy:
    "Holds the legacy admin role {{roles}}: v2 permissions are not consulted for {{resourceType}}.",
  effectiveAccessManageWithoutView:
    "Has manage but not view: manage does not imply view, so these objects cannot be opened.",
  effectiveAccessNoView:
    "No view on all {{resourceType}}: only those a permission names, or reaches through a group, can be seen.",
  effectiveAccessMissingQuery: "Lacks {{role}}: the {{resourceType}} list will answer 403.",
};

registerMessages("permissions", permissionsMessages);
