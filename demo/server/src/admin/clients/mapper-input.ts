import type { ProtocolMapperRecord } from "../../store/types.ts";
import { newId } from "../../common/ids.ts";
import { badRequest } from "../../http/errors.ts";

/** A ProtocolMapperRecord from a ProtocolMapperRepresentation; 400 when name or mapper type is missing. */
export function mapperFromRepresentation(input: unknown, fallbackProtocol: string): ProtocolMapperRecord {
  if (!input || typeof input !== "object") throw badRequest("Invalid protocol mapper");
  const rep = input as Record<string, unknown>;
  if (typeof rep.name !== "string" || rep.name.trim() === "") throw badRequest("Protocol mapper name is missing");
  if (typeof rep.protocolMapper !== "string" || rep.protocolMapper === "")
    throw badRequest("Protocol mapper type is missing");
  const config: Record<string, string> = {};
  if (rep.config && typeof rep.config === "object") {
    for (const [key, value] of Object.entries(rep.config as Record<string, unknown>)) {
      if (value !== null && value !== undefined) config[key] = String(value);
    }
  }
  return {
    id: typeof rep.id === "string" && rep.id ? rep.id : newId(),
    name: rep.name,
    protocol: typeof rep.protocol === "string" && rep.protocol ? rep.protocol : fallbackProtocol,
    protocolMapper: rep.protocolMapper,
    consentRequired: rep.consentRequired === true,
    config,
  };
}
