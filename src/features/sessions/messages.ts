import { registerMessages } from "../../core/i18n/message-bundles.ts";

/** Texts of the sessions page: Keycloak's keys, `sessions…` of our own. */
export const sessionsMessages = {
  titleSessions: "Sessions",
  sessionExplain: "Sessions are sessions of users in this realm and the clients that they access within the session.",
  noSessionsDescription: "There are currently no active sessions in this realm.",
  revocation: "Revocation",
  revocationDescription:
    "This is a way to revoke all active sessions and access tokens. Not before means you can revoke any tokens issued before the date.",
  notBefore: "Not Before",
  setToNow: "Set to now",
  clear: "Clear",
  push: "Push",
  close: "Close",
  signOutAllActiveSessions: "Sign out all active sessions",
  signOutAllActiveSessionsQuestion: "Sign out all active sessions?",
  logoutAllDescription: "If you sign out all active sessions, active subjects in this realm will be signed out.",
  logoutAllSessionsError: "Error! Failed to log out of all sessions: {{error}}.",
  notBeforeSuccess: 'Success! "Not before" set for realm',
  notBeforeClearedSuccess: 'Success! "Not Before" cleared for realm.',
  setToNowError: "Error! Failed to set notBefore to current date and time: {{error}}",
  none: "None",
  sessionsTotals: "About {{active}} active and {{offline}} offline client sessions",
  sessionsTotalsHelp: "Counted per client: a session used by two clients counts twice.",
  sessionsNoDevice:
    "Keycloak records no browser or device for a session; the IP address and the clients tell sessions apart.",
  sessionsRealmSignedOutAll: "Every session of the realm was signed out",
  sessionsMasterWarning: "This is the master realm: your own session ends too and you will have to sign in again.",
  noAdminUrlSet: "No push sent. No admin URI configured or no registered cluster nodes available",
  sessionsPushSucceeded: "Pushed the not-before to: {{urls}}",
  sessionsPushFailed: "Failed to push the not-before to: {{urls}}",
  sessionsPushError: "The not-before could not be pushed: {{error}}",
};

registerMessages("sessions", sessionsMessages);
