import { useEffect, useState } from "react";
import type { ElementBaseProps } from "./element-props.ts";
import type { Runtime } from "./runtime.ts";
import { getRuntime, runtimeKey } from "./runtime-registry.ts";

type StartState = { runtime?: Runtime; error?: unknown };

/**
 * Resolves (or shares) the runtime for the element's settings; nothing starts while `enabled` is false.
 * `onStarted` runs as soon as the runtime is there, before the element re-renders with it.
 */
export function useRuntimeStart(
  props: ElementBaseProps,
  enabled = true,
  onStarted?: (runtime: Runtime) => void,
): StartState {
  const key = runtimeKey(props);
  const [state, setState] = useState<StartState & { key?: string }>({});
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    getRuntime(props).then(
      (runtime) => {
        if (!current) return;
        onStarted?.(runtime);
        setState({ runtime, key });
      },
      (error: unknown) => current && setState({ error, key }),
    );
    return () => {
      current = false;
    };
    // the key captures every prop the runtime depends on
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, enabled]);
  return state.key === key ? state : {};
}
