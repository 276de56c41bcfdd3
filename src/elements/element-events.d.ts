/**
 * Public typings of the elements' events: every `kc-*` event is a bubbling, composed CustomEvent
 * dispatched from the element. The package's types and custom-elements.json are generated from
 * `KcElementEvents` below (one entry per element tag without prefix; an element without an entry
 * has only the base events). Add an element's events here when it dispatches new ones.
 */
import type { KcErrorDetail, StartupStage } from "../core/runtime/startup-error.ts";

export type { KcErrorDetail, StartupStage as KcErrorStage };

/** `kc-navigate`: the element's own route changed (`path` includes the query). */
export interface KcNavigateDetail {
  path: string;
}

/** `kc-user-created`, `kc-user-updated`, `kc-user-deleted`. */
export interface KcUserEventDetail {
  id: string;
  username?: string;
}

/** `kc-group-created`, `kc-group-updated` (moves and membership changes too), `kc-group-deleted`. */
export interface KcGroupEventDetail {
  id: string;
  name?: string;
  /** The parent group's id; `null` for a top-level group. */
  parentId?: string | null;
  /** The group a duplicate was made from. */
  duplicateOf?: string;
  addedMembers?: string[];
  removedMembers?: string[];
}

/** `kc-role-created`, `kc-role-updated`, `kc-role-deleted`. */
export interface KcRoleEventDetail {
  id: string;
  name?: string;
}

/** `kc-organization-created`, `kc-organization-updated`, `kc-organization-deleted`. */
export interface KcOrganizationEventDetail {
  id: string;
  name?: string;
}

/** Events every element dispatches. */
export interface KcBaseEvents {
  /** A failure while the element starts (token, who-am-I, server info, translations, network). */
  "kc-error": KcErrorDetail;
  /** The element's own route changed. */
  "kc-navigate": KcNavigateDetail;
}

/** Each element's own events, by tag without prefix. */
export interface KcElementEvents {
  "users-admin": {
    /** A user was created. */
    "kc-user-created": KcUserEventDetail;
    /** A user's details, attributes, credentials, groups or role mapping changed. */
    "kc-user-updated": KcUserEventDetail;
    /** A user was deleted. */
    "kc-user-deleted": KcUserEventDetail;
  };
  "groups-admin": {
    /** A group was created or duplicated. */
    "kc-group-created": KcGroupEventDetail;
    /** A group was renamed, moved, or its attributes, members or role mapping changed. */
    "kc-group-updated": KcGroupEventDetail;
    /** A group was deleted. */
    "kc-group-deleted": KcGroupEventDetail;
  };
  "roles-admin": {
    /** A realm role was created. */
    "kc-role-created": KcRoleEventDetail;
    /** A role's details, attributes or associated roles changed. */
    "kc-role-updated": KcRoleEventDetail;
    /** A realm role was deleted. */
    "kc-role-deleted": KcRoleEventDetail;
  };
  "organizations-admin": {
    /** An organization was created. */
    "kc-organization-created": KcOrganizationEventDetail;
    /** An organization's settings, attributes, members or identity providers changed. */
    "kc-organization-updated": KcOrganizationEventDetail;
    /** An organization was deleted. */
    "kc-organization-deleted": KcOrganizationEventDetail;
  };
}

declare global {
  interface HTMLElementEventMap {
    "kc-error": CustomEvent<KcErrorDetail>;
  }
}
