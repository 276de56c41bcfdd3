import { registerMessages } from "./message-bundles.ts";

/** Texts of the runtime itself (loading, errors, access, alerts). */
export const coreMessages = {
  loading: "Loading the console…",
  somethingWentWrong: "something went wrong",
  somethingWentWrongDescription: "The console could not start. Check your connection and try once more.",
  tryAgain: "try again",
  forbiddenTitle: "Not allowed",
  forbiddenBody_one: "To open this page you need the permission",
  forbiddenBody_other: "To open this page you need each of these permissions",
  forbiddenReasonToken:
    "The access token from client '{{clientId}}' gives {{user}} none of these roles for realm {{realm}}: {{missing}}.",
  forbiddenReasonWhoAmI: "The server's who-am-I gives {{user}} none of these for realm {{realm}}: {{missing}}.",
  forbiddenReasonFailure: "Who-am-I could not be read, so no access is known: {{message}}",
  whoAmIRefusedTitle: "Who-am-I refused tokens of client '{{clientId}}': access is read from the token's own roles",
  whoAmIRefusedBody:
    "The server answers who-am-I only for security-admin-console and for clients whose attribute security.admin.console is true. Set that attribute to true on '{{clientId}}' (admin REST API or realm import), or get the token from security-admin-console.",
  waitingForToken: "Waiting for the page to hand over a token",
  waitingForTokenHint:
    "Set this element's tokenProvider or keycloak property, or name a global function in its token-provider attribute.",
  forbiddenAdminConsole: "You do not have access to this part of the administration console.",
  pageErrorTitle: "This page could not be shown",
  close: "Close",
  home: "Go to the start page",
  closeAlert: "Close this notification",
  errorAlert: "Something failed: {{message}}",
  pageNotFound: "Page Not Found",
  pageNotFoundBody: "Nothing lives at this address. Check the link or pick a page from the navigation.",
};

registerMessages("core", coreMessages);
