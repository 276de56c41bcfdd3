import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Chart } from "@patternfly/react-charts/dist/esm/victory/components/Chart/Chart.js";
import { ChartAxis } from "@patternfly/react-charts/dist/esm/victory/components/ChartAxis/ChartAxis.js";
import { ChartBar } from "@patternfly/react-charts/dist/esm/victory/components/ChartBar/ChartBar.js";
import { ChartStack } from "@patternfly/react-charts/dist/esm/victory/components/ChartStack/ChartStack.js";
import { ChartVoronoiContainer } from "@patternfly/react-charts/dist/esm/victory/components/ChartVoronoiContainer/ChartVoronoiContainer.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { Spinner } from "@patternfly/react-core/dist/esm/components/Spinner/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { bucketEvents } from "./buckets.ts";

/** At most this many of the matching events are read for the overview. */
export const OVERVIEW_CAP = 10_000;
const PAGE = 1_000;
/** The chart's height without its legend, and the room below the plot for the time axis' labels. */
const PLOT_HEIGHT = 220;
const AXIS_ROOM = 80;
/**
 * The bars' and legend swatches' colours: each at least 3:1 against white and against the dark theme's card (#292929),
 * where PatternFly's default chart palette has navy and light tones that are not (WCAG 1.4.11 non-text contrast).
 */
export const OVERVIEW_COLORS = ["#1f7ae0", "#3d8c40", "#c46100", "#8a63d2", "#009596", "#d64545", "#927a00", "#c9459a"];

interface EventsOverviewProps {
  /** Identifies the search (query key). */
  searchKey: string;
  /** One page of the matching events, newest first. */
  fetchPage(first: number, max: number): Promise<{ time?: number; type?: string }[]>;
}

async function readUpToCap(fetchPage: EventsOverviewProps["fetchPage"]) {
  const events: { time?: number; type?: string }[] = [];
  for (let first = 0; first < OVERVIEW_CAP; first += PAGE) {
    // The last read asks one event more than the cap, to know whether the period holds more.
    const last = first + PAGE >= OVERVIEW_CAP;
    const page = await fetchPage(first, last ? OVERVIEW_CAP - first + 1 : PAGE);
    events.push(...page);
    if (page.length < PAGE) break;
  }
  return { events: events.slice(0, OVERVIEW_CAP), capped: events.length > OVERVIEW_CAP };
}

/** Events per type over time (stacked bars by hour or day), as a chart and as a table for screen readers. */
export function EventsOverview({ searchKey, fetchPage }: EventsOverviewProps) {
  const { t } = useMessages();
  const read = useQuery({ queryKey: ["events", "overview", searchKey], queryFn: () => readUpToCap(fetchPage) });
  // The legend sits below the chart and wraps onto more rows as its types need: long or many names are never cut.
  const [legendExtraHeight, setLegendRows] = useState(0);
  if (read.isPending) return <Spinner size="md" aria-label={t("eventsOverviewLoading")} />;
  if (!read.data || read.data.events.length === 0) return null;
  const buckets = bucketEvents(read.data.events);
  const label = (start: number) =>
    buckets.unit === "day"
      ? new Date(start).toLocaleDateString()
      : new Date(start).toLocaleString(undefined, { month: "short", day: "numeric", hour: "2-digit" });
  const title = t(buckets.unit === "day" ? "eventsOverviewTitleDay" : "eventsOverviewTitleHour");
  return (
    <div className="kc-events-overview">
      <div className="kc-events-overview-chart" aria-hidden="true">
        <Chart
          ariaTitle={title}
          containerComponent={<ChartVoronoiContainer labels={({ datum }) => `${datum.name}: ${datum.y}`} />}
          legendData={buckets.types.map((type) => ({ name: type }))}
          legendPosition="bottom-left"
          colorScale={OVERVIEW_COLORS}
          legendAllowWrap={(extraHeight) => setLegendRows(extraHeight)}
          height={PLOT_HEIGHT + AXIS_ROOM + legendExtraHeight}
          width={900}
          padding={{ top: 10, bottom: AXIS_ROOM + legendExtraHeight, left: 50, right: 20 }}
          domainPadding={{ x: 20 }}
        >
          <ChartAxis
            tickValues={buckets.starts.map((_, i) => i + 1)}
            tickFormat={(index: number) => label(buckets.starts[index - 1] ?? 0)}
            fixLabelOverlap
          />
          <ChartAxis dependentAxis showGrid tickFormat={(y: number) => (Number.isInteger(y) ? y : "")} />
          <ChartStack colorScale={OVERVIEW_COLORS}>
            {buckets.types.map((type) => (
              <ChartBar
                key={type}
                name={type}
                data={buckets.counts[type]!.map((y, i) => ({ x: i + 1, y, name: type }))}
              />
            ))}
          </ChartStack>
        </Chart>
      </div>
      <table className="kc-sr-only" aria-label={title}>
        <thead>
          <tr>
            <th scope="col">{t("time")}</th>
            {buckets.types.map((type) => (
              <th key={type} scope="col">
                {type}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {buckets.starts.map((start, i) => (
            <tr key={start}>
              <th scope="row">{label(start)}</th>
              {buckets.types.map((type) => (
                <td key={type}>{buckets.counts[type]![i]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <Content component="small">
        {read.data.capped
          ? t("eventsOverviewCapped", { count: OVERVIEW_CAP })
          : t("eventsOverviewCount", { count: buckets.total })}
      </Content>
    </div>
  );
}
