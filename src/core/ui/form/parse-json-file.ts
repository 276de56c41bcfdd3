/** The outcome of reading an uploaded JSON file. */
export type JsonFileResult = { ok: true; value: unknown } | { ok: false; message: string };

export function parseJsonText(text: string): JsonFileResult {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
