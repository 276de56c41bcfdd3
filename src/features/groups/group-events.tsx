import { createContext, useContext } from "react";

type Emit = (name: string, detail?: unknown) => void;

const noEvents: Emit = () => {};

/** The element's `emit` for `kc-group-…` events; the full console has none. */
export const GroupEventsContext = createContext<Emit>(noEvents);

export const useGroupEvents = () => useContext(GroupEventsContext);
