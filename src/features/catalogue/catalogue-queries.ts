import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type GroupRepresentation from "@keycloak/keycloak-admin-client/lib/defs/groupRepresentation.js";
import type UserRepresentation from "@keycloak/keycloak-admin-client/lib/defs/userRepresentation.js";

/** A page of users (the table asks for max = page size + 1). */
export const findUsers = (client: KeycloakAdminClient, realm: string, first: number, max: number, search: string) =>
  client.users.find({ realm, first, max, search: search || undefined, briefRepresentation: true }) as Promise<
    UserRepresentation[]
  >;

export const countUsers = (client: KeycloakAdminClient, realm: string, search: string) =>
  client.users.count({ realm, search: search || undefined });

export const userGroupNames = async (client: KeycloakAdminClient, realm: string, id: string) =>
  (await client.users.listGroups({ realm, id, briefRepresentation: true })).map(
    (group) => group.path ?? group.name ?? "",
  );

export const disableUser = (client: KeycloakAdminClient, realm: string, user: UserRepresentation) =>
  client.users.update({ realm, id: user.id! }, { ...user, enabled: false });

export const deleteUser = (client: KeycloakAdminClient, realm: string, id: string) => client.users.del({ realm, id });

export const findGroups = (client: KeycloakAdminClient, realm: string, first: number, max: number, search: string) =>
  client.groups.find({ realm, first, max, search: search || undefined, briefRepresentation: true }) as Promise<
    GroupRepresentation[]
  >;

export const countGroups = async (client: KeycloakAdminClient, realm: string, search: string) =>
  (await client.groups.count({ realm, search: search || undefined, top: true })).count;

export const subGroupNames = async (client: KeycloakAdminClient, realm: string, id: string) =>
  (await client.groups.listSubGroups({ realm, parentId: id, first: 0, max: 20, briefRepresentation: true })).map(
    (group) => group.name ?? "",
  );
