/**
 * Reads a value until it passes or the time is up, then returns the last reading: for state that a server (Keycloak
 * records some of it asynchronously) or a re-render settles a moment after the action that caused it. The caller
 * asserts on the result, so a reading that never passes still fails the test with the value it last saw.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  passes: (value: T) => boolean,
  { timeoutMs = 10_000, intervalMs = 100 } = {},
): Promise<T> {
  const started = Date.now();
  let value = await read();
  while (!passes(value) && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    value = await read();
  }
  return value;
}
