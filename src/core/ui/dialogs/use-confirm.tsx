import { useCallback, useRef, useState, type ReactNode } from "react";
import { ConfirmDialog, type ConfirmDialogProps } from "./confirm-dialog.tsx";

export type ConfirmOptions = Omit<ConfirmDialogProps, "isOpen" | "onConfirm" | "onCancel">;

/**
 * `confirm(options)` opens a ConfirmDialog and resolves true on confirm, false on cancel.
 * Render `dialog` somewhere in the component.
 */
export function useConfirm(): { confirm(options: ConfirmOptions): Promise<boolean>; dialog: ReactNode } {
  const [options, setOptions] = useState<ConfirmOptions>();
  const resolver = useRef<(confirmed: boolean) => void>(undefined);
  const confirm = useCallback((next: ConfirmOptions) => {
    resolver.current?.(false);
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const settle = (confirmed: boolean) => {
    resolver.current?.(confirmed);
    resolver.current = undefined;
    setOptions(undefined);
  };
  const dialog = options ? (
    <ConfirmDialog {...options} isOpen onConfirm={() => settle(true)} onCancel={() => settle(false)} />
  ) : null;
  return { confirm, dialog };
}
