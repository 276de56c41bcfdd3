import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { readHelpEnabled, watchHelpEnabled, writeHelpEnabled } from "./help-setting.ts";

export interface HelpMode {
  enabled: boolean;
  toggle(): void;
}

const HelpContext = createContext<HelpMode | null>(null);

/** Help mode, persisted in local storage and kept in step with other tabs. */
export function HelpProvider({ children }: { children: ReactNode }) {
  const [enabled, setEnabled] = useState(readHelpEnabled);
  useEffect(() => watchHelpEnabled(setEnabled), []);
  const toggle = useCallback(() => {
    setEnabled((current) => {
      writeHelpEnabled(!current);
      return !current;
    });
  }, []);
  const value = useMemo(() => ({ enabled, toggle }), [enabled, toggle]);
  return <HelpContext.Provider value={value}>{children}</HelpContext.Provider>;
}

export function useHelp(): HelpMode {
  const help = useContext(HelpContext);
  if (!help) throw new Error("No provider found for Help context");
  return help;
}
