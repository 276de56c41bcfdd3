/** The settings the server injects into the standalone console page. */
export interface ConsoleEnvironment {
  serverBaseUrl: string;
  realm: string;
  clientId: string;
  scope?: string;
}

export const ENVIRONMENT_MISSING = "Environment variables not found in the document.";
export const ENVIRONMENT_INVALID = "Unable to parse environment variables as JSON.";

/** Reads `<script id="environment" type="application/json">`; throws with the spec's messages. */
export function readEnvironment(doc: Document = document): ConsoleEnvironment {
  const block = doc.getElementById("environment");
  if (!block?.textContent) throw new Error(ENVIRONMENT_MISSING);
  try {
    return JSON.parse(block.textContent) as ConsoleEnvironment;
  } catch {
    throw new Error(ENVIRONMENT_INVALID);
  }
}
