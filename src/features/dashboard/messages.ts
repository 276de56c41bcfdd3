import { registerMessages } from "../../core/i18n/message-bundles.ts";

export const dashboardMessages = {
  dashboardWelcomeTab: "Welcome",
  dashboardInfoTab: "Server info",
  dashboardProvidersTab: "Providers",
  dashboardWelcome: "Welcome to {{realm}}",
  dashboardWelcomeBody:
    "Manage the users, applications and sign-in rules of this realm from the navigation on the left.",
  dashboardVersion: "Server version",
  dashboardFeaturesOn: "Enabled features",
  dashboardFeaturesOff: "Disabled features",
  dashboardNone: "None",
  dashboardSpi: "Service provider interface",
  dashboardProviderIds: "Providers",
};

registerMessages("dashboard", dashboardMessages);
