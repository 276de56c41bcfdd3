import { registerMessages } from "../../../core/i18n/message-bundles.ts";

/** The clients list page's other tabs: initial access tokens and client registration (Keycloak's keys and texts). */
export const clientListTabsMessages = {
  id: "ID",
  initialAccessToken: "Initial access token",
  createToken: "Create initial access token",
  initialAccessTokenDetails: "Initial access token details",
  copyInitialAccessToken:
    "Please copy and paste the initial access token before closing as it can not be retrieved later.",
  expiration: "Expiration",
  tokenExpirationHelp: "Sets the expiration for tokens. Expired tokens are periodically deleted from the database.",
  count: "Count",
  countHelp: "Specifies how many clients can be created using the token.",
  remainingCount: "Remaining count",
  created: "Created",
  expires: "Expires",
  noTokens: "No initial access tokens",
  noTokensInstructions:
    'You haven\'t created any initial access tokens. Create an initial access token by clicking "Create".',
  tokenSaveSuccess: "New initial access token has been created",
  tokenSaveError: "Could not create initial access token {{error}}",
  tokenDeleteConfirmTitle: "Delete initial access token?",
  tokenDeleteConfirm: "Are you sure you want to permanently delete the initial access token {{id}}",
  tokenDeleteSuccess: "Initial access token deleted successfully",
  tokenDeleteError: "Could not delete initial access token: '{{error}}'",
  close: "Close",
  clientRegistration: "Client registration",
  anonymousAccessPolicies: "Anonymous access polices",
  authenticatedAccessPolicies: "Authenticated access polices",
  createPolicy: "Create client policy",
  chooseAPolicyProvider: "Choose a policy provider",
  searchClientRegistration: "Search for policy",
  noAccessPolicies: "No access policies",
  noAccessPoliciesInstructions:
    "There haven't been configured any access policies yet. Click the button below to configure the first policy.",
  providerId: "Provider ID",
  clientRegisterPolicyDeleteConfirmTitle: "Delete client registration policy?",
  clientRegisterPolicyDeleteConfirm:
    "Are you sure you want to permanently delete the client registration policy {{name}}",
  clientRegisterPolicyDeleteSuccess: "Client registration policy deleted successfully",
  clientRegisterPolicyDeleteError: "Could not delete client registration policy: '{{error}}'",
  providerCreateSuccess: "New client policy created successfully",
  providerCreateError: "Could not create client policy due to {{error}}",
  providerUpdatedSuccess: "Client policy updated successfully",
  providerUpdatedError: "Could not update client policy due to {{error}}",
  /** Our own: the expiration of a token that never expires. */
  never: "Never",
};

registerMessages("client-list-tabs", clientListTabsMessages);
