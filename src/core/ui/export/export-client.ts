import type ClientRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientRepresentation.js";

/** A client as exported (spec §3): no id, and no ids on its protocol mappers. */
export function exportClient(client: ClientRepresentation): Omit<ClientRepresentation, "id"> {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { id, ...rest } = client;
  return {
    ...rest,
    ...(client.protocolMappers
      ? {
          protocolMappers: client.protocolMappers.map((mapper) => {
            // eslint-disable-next-line @typescript-eslint/no-unused-vars
            const { id: mapperId, ...withoutId } = mapper;
            return withoutId;
          }),
        }
      : {}),
  };
}

/** The export's file name: the clientId with a .json extension. */
export const clientExportFilename = (client: ClientRepresentation) => `${client.clientId ?? "client"}.json`;
