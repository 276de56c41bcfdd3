import { registerMessages } from "../../core/i18n/message-bundles.ts";

export const dashboardMessages = {
  welcomeTabTitle: "Welcome",
  serverInfo: "Server info",
  providers: "Providers",
  welcomeTo: "Welcome to {{realmDisplayInfo}}",
  dashboardWelcomeBody:
    "Manage the users, applications and sign-in rules of this realm from the navigation on the left.",
  version: "Version",
  enabledFeatures: "Enabled features",
  disabledFeatures: "Disabled features",
  none: "None",
  spi: "SPI",
};

registerMessages("dashboard", dashboardMessages);
