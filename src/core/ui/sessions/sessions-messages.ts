import { registerMessages } from "../../i18n/message-bundles.ts";

/** Texts of the shared sessions table: Keycloak's keys, `sessions…` of our own. */
export const sessionsTableMessages = {
  user: "User",
  type: "Type",
  started: "Started",
  lastAccess: "Last access",
  ipAddress: "IP address",
  clients: "Clients",
  revoke: "Revoke",
  noSessions: "No sessions",
  noSessionsForClient: "There are currently no active sessions for this client.",
  noSessionsForUser: "There are currently no active sessions for this user.",
  searchForSession: "Search session",
  "sessionsType.allSessions": "All session types",
  "sessionsType.regularSSO": "Regular SSO",
  "sessionsType.offline": "Offline",
  sessionsTypeFilter: "{{type}}, the session type filter",
  sessionsSignOutSelected: "Sign out selected",
  sessionsSignOutTitle: "Sign out this session?",
  sessionsSignOutText: "{{username}} will have to sign in again in {{clients}}.",
  sessionsRevokeTitle: "Revoke this offline session?",
  sessionsRevokeText: "The offline token of {{username}} stops working in {{clients}}.",
  sessionsSignOutSelectedTitle: "Sign out {{count}} sessions?",
  sessionsSignOutSelectedText: "Each selected session ends; offline ones are revoked.",
  sessionsSignedOutCount: "{{count}} sessions signed out",
  sessionsSignedOutOne: "The session was signed out",
  sessionsSignOutError: "The session could not be signed out: {{error}}",
  sessionsDevice: "{{browser}} on {{os}}",
};

registerMessages("ui-sessions", sessionsTableMessages);
