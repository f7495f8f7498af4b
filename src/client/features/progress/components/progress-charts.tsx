import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { STAGE_LABELS, TOPIC_LABELS } from '#shared/coaching';
import { CALL_RESULT_LABELS, CALL_RESULTS, type CallResult, type Progress } from '#shared/schemas/progress';
import { RESULT_STYLE } from '../../../components/call-outcome/result-style';
import { formatWeek } from '../lib/format';

/*
 * The progress page's charts (recharts), in a chunk of their own that only this page loads: the
 * locked page for non-Pro users and every other page go without it. Each chart is drawn for
 * sighted users and hidden from screen readers, which get the same numbers as a table.
 */

const AXIS = { fontSize: 12, fill: '#475569' };
const GRID = '#e2e8f0';
const BAR = '#2563eb';

interface Column<Row> {
  label: string;
  value: (row: Row) => ReactNode;
}

/** A chart with its figures as a table for screen readers (and a caption naming it for everyone). */
function ChartFigure<Row>({ caption, rows, columns, height, testId, children }: { caption: string; rows: Row[]; columns: Column<Row>[]; height: number; testId: string; children: ReactNode }) {
  return (
    <figure className="space-y-2" data-testid={testId}>
      <figcaption className="text-sm font-medium text-slate-700">{caption}</figcaption>
      <div aria-hidden className="w-full" style={{ height }}>
        {children}
      </div>
      {/* The wrapper is what is visually hidden: a table will not shrink to sr-only's 1 px and would widen the page. */}
      <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td key={c.label}>{c.value(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </figure>
  );
}

const resultColumns = <Row extends Record<(typeof CALL_RESULTS)[number], number>>(): Column<Row>[] =>
  CALL_RESULTS.map((r) => ({ label: CALL_RESULT_LABELS[r], value: (row: Row) => row[r] }));

/** The legend in the results' own order (won first), not recharts' alphabetical one. */
const byResult = (item: { dataKey?: unknown }) => CALL_RESULTS.indexOf(item.dataKey as CallResult);

/** Legend labels in the page's text colour: the bar colours are too light for text on white. */
const legendText = (value: string) => <span style={{ color: '#334155' }}>{value}</span>;

/** One bar per result, stacked: which way the calls went. */
const resultBars = (layout: 'horizontal' | 'vertical') =>
  CALL_RESULTS.map((r, i) => (
    <Bar
      key={r}
      dataKey={r}
      name={CALL_RESULT_LABELS[r]}
      stackId="calls"
      fill={RESULT_STYLE[r].color}
      isAnimationActive={false}
      radius={i === CALL_RESULTS.length - 1 ? (layout === 'horizontal' ? [3, 3, 0, 0] : [0, 3, 3, 0]) : undefined}
      maxBarSize={layout === 'horizontal' ? 28 : 22}
    />
  ));

/** Calls logged per week, by result. */
export function OutcomesPerWeekChart({ perWeek }: { perWeek: Progress['outcomes']['perWeek'] }) {
  const data = perWeek.map((w) => ({ ...w, week: formatWeek(w.weekStart) }));
  return (
    <ChartFigure caption="Calls logged per week" rows={data} columns={[{ label: 'Week of', value: (r) => r.week }, ...resultColumns<(typeof data)[number]>()]} height={240} testId="chart-outcomes-per-week">
      <BarChart data={data} responsive width="100%" height="100%" accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -20 }}>
        <CartesianGrid vertical={false} stroke={GRID} />
        <XAxis dataKey="week" tick={AXIS} interval="preserveStartEnd" minTickGap={12} />
        <YAxis allowDecimals={false} tick={AXIS} />
        <Tooltip />
        <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={byResult} formatter={legendText} />
        {resultBars('horizontal')}
      </BarChart>
    </ChartFigure>
  );
}

/** The methods the rep tried, most tried first, with how their calls went. */
export function TechniqueChart({ byTechnique }: { byTechnique: Progress['outcomes']['byTechnique'] }) {
  const height = 70 + byTechnique.length * 34;
  return (
    <ChartFigure
      caption="Calls by technique tried"
      rows={byTechnique}
      columns={[{ label: 'Technique', value: (r) => r.method }, ...resultColumns<(typeof byTechnique)[number]>(), { label: 'Score', value: (r) => r.score }]}
      height={height}
      testId="chart-by-technique"
    >
      <BarChart data={byTechnique} layout="vertical" responsive width="100%" height="100%" accessibilityLayer={false} margin={{ top: 4, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid horizontal={false} stroke={GRID} />
        <XAxis type="number" allowDecimals={false} tick={AXIS} />
        <YAxis type="category" dataKey="method" width={132} tick={AXIS} interval={0} />
        <Tooltip />
        <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={byResult} formatter={legendText} />
        {resultBars('vertical')}
      </BarChart>
    </ChartFigure>
  );
}

/** Sessions per week: how often the rep practises. */
export function SessionsPerWeekChart({ perWeek }: { perWeek: Progress['sessionsPerWeek'] }) {
  const data = perWeek.map((w) => ({ ...w, week: formatWeek(w.weekStart) }));
  return (
    <ChartFigure
      caption="Sessions per week"
      rows={data}
      columns={[
        { label: 'Week of', value: (r) => r.week },
        { label: 'Sessions', value: (r) => r.sessions },
      ]}
      height={200}
      testId="chart-sessions-per-week"
    >
      <BarChart data={data} responsive width="100%" height="100%" accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -20 }}>
        <CartesianGrid vertical={false} stroke={GRID} />
        <XAxis dataKey="week" tick={AXIS} interval="preserveStartEnd" minTickGap={12} />
        <YAxis allowDecimals={false} tick={AXIS} />
        <Tooltip />
        <Bar dataKey="sessions" name="Sessions" fill={BAR} radius={[3, 3, 0, 0]} maxBarSize={28} isAnimationActive={false} />
      </BarChart>
    </ChartFigure>
  );
}

/** The parts of a call the rep's coaching was about. */
export function StagesChart({ stages }: { stages: Progress['stages'] }) {
  const data = stages.map((s) => ({ ...s, label: STAGE_LABELS[s.stage] }));
  return (
    <ChartFigure
      caption="Coach replies by part of the call"
      rows={data}
      columns={[
        { label: 'Part of the call', value: (r) => r.label },
        { label: 'Replies', value: (r) => r.replies },
      ]}
      height={180}
      testId="chart-stages"
    >
      <BarChart data={data} responsive width="100%" height="100%" accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -20 }}>
        <CartesianGrid vertical={false} stroke={GRID} />
        <XAxis dataKey="label" tick={AXIS} />
        <YAxis allowDecimals={false} tick={AXIS} />
        <Tooltip />
        <Bar dataKey="replies" name="Replies" fill="#7c3aed" radius={[3, 3, 0, 0]} maxBarSize={48} isAnimationActive={false} />
      </BarChart>
    </ChartFigure>
  );
}

/** The topics the coaching was about, most first. */
export function TopicsChart({ topics }: { topics: Progress['topics'] }) {
  const data = topics.map((t) => ({ ...t, label: TOPIC_LABELS[t.topic] }));
  return (
    <ChartFigure
      caption="Coach replies by topic"
      rows={data}
      columns={[
        { label: 'Topic', value: (r) => r.label },
        { label: 'Replies', value: (r) => r.replies },
      ]}
      height={40 + data.length * 32}
      testId="chart-topics"
    >
      <BarChart data={data} layout="vertical" responsive width="100%" height="100%" accessibilityLayer={false} margin={{ top: 4, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid horizontal={false} stroke={GRID} />
        <XAxis type="number" allowDecimals={false} tick={AXIS} />
        <YAxis type="category" dataKey="label" width={132} tick={AXIS} interval={0} />
        <Tooltip />
        <Bar dataKey="replies" name="Replies" fill="#0d9488" radius={[0, 3, 3, 0]} maxBarSize={22} isAnimationActive={false} />
      </BarChart>
    </ChartFigure>
  );
}

/** The objection deck's strength week by week (issue #27): how likely the rep recalls a good answer, on average. */
export function DeckStrengthChart({ points }: { points: Progress['deckStrength'] }) {
  const data = points.map((w) => ({ week: formatWeek(w.weekStart), strength: w.strength === null ? null : Math.round(w.strength * 100), cards: w.cards }));
  return (
    <ChartFigure
      caption="Deck strength per week (% likely to recall)"
      rows={data}
      columns={[
        { label: 'Week of', value: (r) => r.week },
        { label: 'Strength', value: (r) => (r.strength === null ? 'Not drilled yet' : `${r.strength}%`) },
        { label: 'Cards drilled', value: (r) => r.cards },
      ]}
      height={200}
      testId="chart-deck-strength"
    >
      <BarChart data={data} responsive width="100%" height="100%" accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -20 }}>
        <CartesianGrid vertical={false} stroke={GRID} />
        <XAxis dataKey="week" tick={AXIS} interval="preserveStartEnd" minTickGap={12} />
        <YAxis domain={[0, 100]} allowDecimals={false} tick={AXIS} unit="%" />
        <Tooltip formatter={(v) => `${String(v)}%`} />
        <Bar dataKey="strength" name="Strength" fill="#d97706" radius={[3, 3, 0, 0]} maxBarSize={28} isAnimationActive={false} />
      </BarChart>
    </ChartFigure>
  );
}
