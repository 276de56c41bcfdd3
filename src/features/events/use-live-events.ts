import { useEffect, useRef, useState } from "react";

/** How often the live switch asks for new events. */
export const LIVE_POLL_MS = 4000;

/**
 * The live switch: while on, polls the newest matching event every few seconds and, when one is
 * newer than those shown, changes `reloadKey` so the table reloads its first page. Polling pauses
 * while the administrator reads an expanded row (`reading` counts open details) or while `paused` (a dialog).
 */
export function useLiveEvents(newestTime: () => Promise<number | undefined>, paused = false) {
  const [isLive, setLive] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const newestShown = useRef<number | undefined>(undefined);
  const reading = useRef(0);
  const probe = useRef(newestTime);
  probe.current = newestTime;
  const pausedNow = useRef(paused);
  pausedNow.current = paused;

  useEffect(() => {
    if (!isLive) return;
    let stopped = false;
    const tick = async () => {
      if (reading.current > 0 || pausedNow.current) return;
      const newest = await probe.current().catch(() => undefined);
      if (stopped || newest === undefined) return;
      if (newestShown.current === undefined) newestShown.current = newest;
      else if (newest > newestShown.current) {
        newestShown.current = newest;
        setReloadKey((n) => n + 1);
      }
    };
    void tick();
    const timer = setInterval(() => void tick(), LIVE_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [isLive]);

  return {
    isLive,
    setLive: (on: boolean) => {
      newestShown.current = undefined;
      setLive(on);
    },
    reloadKey,
    /** Call on mount / unmount of an expanded row's details. */
    readingStarted: () => void (reading.current += 1),
    readingEnded: () => void (reading.current -= 1),
  };
}

export type LiveEvents = ReturnType<typeof useLiveEvents>;
