import { createContext, useContext, type ReactNode } from "react";

type Emit = (name: string, detail?: unknown) => void;

const OrganizationEventsContext = createContext<Emit>(() => {});

/** The element wrapper's `emit` for the organization screens; inside the full console it does nothing. */
export function OrganizationEventsProvider({ emit, children }: { emit: Emit; children: ReactNode }) {
  return <OrganizationEventsContext.Provider value={emit}>{children}</OrganizationEventsContext.Provider>;
}

/** Announces `kc-organization-created|updated|deleted` with the organization's id in `detail`. */
export function useOrganizationEvents() {
  const emit = useContext(OrganizationEventsContext);
  return {
    created: (id: string, name?: string) => emit("organization-created", { id, name }),
    updated: (id: string, name?: string) => emit("organization-updated", { id, name }),
    deleted: (id: string, name?: string) => emit("organization-deleted", { id, name }),
  };
}
