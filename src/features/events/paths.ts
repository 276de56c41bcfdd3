/** The events area's addresses (upstream's), filters in the query so a search can be bookmarked. */
export const EVENTS_TABS = ["user-events", "admin-events"] as const;
export type EventsTab = (typeof EVENTS_TABS)[number];

export const toEvents = (realm: string, tab: EventsTab = "user-events", query?: URLSearchParams) =>
  `/${realm}/events/${tab}${query && query.size ? `?${query}` : ""}`;
export const toRealmEventSettings = (realm: string) => `/${realm}/realm-settings/events`;
export const toUserSettings = (realm: string, userId: string) =>
  `/${realm}/users/${encodeURIComponent(userId)}/settings`;
