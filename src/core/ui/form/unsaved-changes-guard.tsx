import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { UNSAFE_DataRouterContext, UNSAFE_NavigationContext, useBlocker, useInRouterContext } from "react-router";
import { useMessages } from "../../i18n/use-messages.ts";
import { ConfirmDialog } from "../dialogs/confirm-dialog.tsx";
import { addNavigationBlocker } from "./navigation-interceptor.ts";
import "./form-messages.ts";

type Proceed = () => void;

/** Lets non-routed UI (plain tabs, wizards) ask the dirty forms below a scope before switching. */
const LeaveGuardContext = createContext<{ guards: Set<(proceed: Proceed) => boolean> } | null>(null);

export function LeaveGuardScope({ children }: { children: ReactNode }) {
  const value = useMemo(() => ({ guards: new Set<(proceed: Proceed) => boolean>() }), []);
  return <LeaveGuardContext.Provider value={value}>{children}</LeaveGuardContext.Provider>;
}

/** `confirmLeave(proceed)`: runs `proceed` now, or after the user agrees to drop unsaved changes. */
export function useConfirmLeave(): (proceed: Proceed) => void {
  const scope = useContext(LeaveGuardContext);
  return useCallback(
    (proceed: Proceed) => {
      for (const guard of scope?.guards ?? []) if (guard(proceed)) return;
      proceed();
    },
    [scope],
  );
}

function LeaveDialog({ onStay, onLeave }: { onStay(): void; onLeave(): void }) {
  const { t } = useMessages();
  return (
    <ConfirmDialog
      isOpen
      title={t("unsavedChangesTitle")}
      confirmLabel={t("unsavedChangesLeave")}
      cancelLabel={t("unsavedChangesStay")}
      variant="destructive"
      onConfirm={onLeave}
      onCancel={onStay}
    >
      {t("unsavedChangesConfirm")}
    </ConfirmDialog>
  );
}

/** Holds one pending navigation while the dialog is open. */
function usePendingLeave(when: boolean) {
  const [pending, setPending] = useState<{ proceed: Proceed; stay?: Proceed }>();
  const whenRef = useRef(when);
  whenRef.current = when;
  const hold = useCallback((proceed: Proceed, stay?: Proceed) => {
    if (!whenRef.current) return false;
    setPending({ proceed, stay });
    return true;
  }, []);
  const dialog = pending ? (
    <LeaveDialog
      onStay={() => {
        setPending(undefined);
        pending.stay?.();
      }}
      onLeave={() => {
        setPending(undefined);
        whenRef.current = false;
        pending.proceed();
      }}
    />
  ) : null;
  return { hold, dialog };
}

function DeclarativeRouterGuard({ hold }: { hold(proceed: Proceed): boolean }) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  useEffect(() => addNavigationBlocker(navigator, hold), [navigator, hold]);
  return null;
}

function DataRouterGuard({ when, onBlocked }: { when: boolean; onBlocked(proceed: Proceed, reset: Proceed): void }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state === "blocked") onBlocked(blocker.proceed, blocker.reset);
  }, [blocker, onBlocked]);
  return null;
}

export interface UnsavedChangesGuardProps {
  /** Usually `formState.isDirty`. */
  when: boolean;
}

/**
 * Asks "leave without saving?" before a dirty form is left: on route changes (data routers through
 * useBlocker; MemoryRouter/HashRouter/BrowserRouter through their navigator), on tab changes in a
 * LeaveGuardScope, and on page unload.
 */
export function UnsavedChangesGuard({ when }: UnsavedChangesGuardProps) {
  const inRouter = useInRouterContext();
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const scope = useContext(LeaveGuardContext);
  const { hold, dialog } = usePendingLeave(when);

  useEffect(() => {
    if (!scope) return;
    scope.guards.add(hold);
    return () => void scope.guards.delete(hold);
  }, [scope, hold]);

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [when]);

  const onBlocked = useCallback(
    (proceed: Proceed, reset: Proceed) => {
      if (!hold(proceed, reset)) proceed();
    },
    [hold],
  );

  return (
    <>
      {inRouter &&
        (dataRouter ? <DataRouterGuard when={when} onBlocked={onBlocked} /> : <DeclarativeRouterGuard hold={hold} />)}
      {dialog}
    </>
  );
}
