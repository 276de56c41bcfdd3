import type { Condition } from "../types.ts";

/** Every client, on every event. */
export const anyClient: Condition = () => "YES";
