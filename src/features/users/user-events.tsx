import { createContext, useContext, type ReactNode } from "react";

type Emit = (name: string, detail?: unknown) => void;

const UserEventsContext = createContext<Emit>(() => {});

/** The element wrapper's `emit` for the user screens; inside the full console nothing listens. */
export function UserEventsProvider({ emit, children }: { emit: Emit; children: ReactNode }) {
  return <UserEventsContext.Provider value={emit}>{children}</UserEventsContext.Provider>;
}

/** Announces `kc-user-created|updated|deleted` with the user's id (and username) in `detail`. */
export function useUserEvents() {
  const emit = useContext(UserEventsContext);
  return {
    created: (id: string, username?: string) => emit("user-created", { id, username }),
    updated: (id: string, username?: string) => emit("user-updated", { id, username }),
    deleted: (id: string, username?: string) => emit("user-deleted", { id, username }),
  };
}
