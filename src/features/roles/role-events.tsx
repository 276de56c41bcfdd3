import { createContext, useContext } from "react";

type Emit = (name: string, detail?: unknown) => void;

const noEvents: Emit = () => {};

/** The element's `emit` for `kc-role-…` events; the full console has none. */
export const RoleEventsContext = createContext<Emit>(noEvents);

export const useRoleEvents = () => useContext(RoleEventsContext);
