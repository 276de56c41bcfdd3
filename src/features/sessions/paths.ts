/** The sessions area's address and the upstream addresses its rows link to. */
export const toSessions = (realm: string) => `/${realm}/sessions`;
export const toUserSettings = (realm: string, userId: string) =>
  `/${realm}/users/${encodeURIComponent(userId)}/settings`;
export const toClientSettings = (realm: string, clientUuid: string) =>
  `/${realm}/clients/${encodeURIComponent(clientUuid)}/settings`;
