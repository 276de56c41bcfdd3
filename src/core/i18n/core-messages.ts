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
