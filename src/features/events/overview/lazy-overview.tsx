import { lazy, Suspense, type ComponentProps } from "react";

// PatternFly's charts (Victory) weigh about 100 kB gzipped: loaded after the table, not with it.
const EventsOverviewChunk = lazy(async () => ({ default: (await import("./events-overview.tsx")).EventsOverview }));

/** The overview chart, loaded on demand so the events table paints first. */
export function LazyEventsOverview(props: ComponentProps<typeof EventsOverviewChunk>) {
  return (
    <Suspense fallback={null}>
      <EventsOverviewChunk {...props} />
    </Suspense>
  );
}
