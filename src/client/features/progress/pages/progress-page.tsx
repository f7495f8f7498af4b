import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Link } from 'wouter';
import { MessageSquare } from 'lucide-react';
import type { Progress } from '#shared/schemas/progress';
import { ProLocked } from '../../../components/pro-locked';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { QueryState } from '../../../components/ui/query-state';
import { useCurrentUser } from '../../../lib/api/current-user';
import { isPaymentRequired } from '../../../lib/payment-required';
import { useProgress } from '../api/get-progress';
import { EffectivenessCard, ImprovementAreas, RecentReplies, Totals } from '../components/progress-sections';

/*
 * The charts (recharts) load as a chunk of their own once the page knows it has figures to draw:
 * a non-Pro visit (the locked page) never downloads them, and the page's text shows first.
 */
const loadCharts = () => import('../components/progress-charts');
const chart = <P extends object>(pick: (m: Awaited<ReturnType<typeof loadCharts>>) => ComponentType<P>) => lazy(() => loadCharts().then((m) => ({ default: pick(m) })));
const OutcomesPerWeekChart = chart((m) => m.OutcomesPerWeekChart);
const TechniqueChart = chart((m) => m.TechniqueChart);
const SessionsPerWeekChart = chart((m) => m.SessionsPerWeekChart);
const StagesChart = chart((m) => m.StagesChart);
const TopicsChart = chart((m) => m.TopicsChart);
const DeckStrengthChart = chart((m) => m.DeckStrengthChart);

/** A chart's chunk that did not load (offline) leaves a line in its place, not a broken page. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) return <p className="text-sm text-slate-600">This chart could not be loaded. Check your connection, then reload.</p>;
    return this.props.children;
  }
}

/** A chart, holding its height while its chunk loads so the page does not jump when it arrives. */
function ChartSlot({ height, children }: { height: number; children: ReactNode }) {
  return (
    <ChartBoundary>
      <Suspense fallback={<div className="animate-pulse rounded-lg bg-slate-100" style={{ height: height + 28 }} />}>{children}</Suspense>
    </ChartBoundary>
  );
}

/**
 * /progress (issue #15, product §9.3): Pro users and admins get their figures, computed on the
 * server from their own conversations and logged call outcomes; everyone else the locked upgrade
 * page. The plan decides before asking, so a non-Pro visit makes no request the server would
 * refuse; a `payment_required` refusal (the plan lapsed since the user was read) shows the locked page too.
 */
export function ProgressPage() {
  const { data: user } = useCurrentUser();
  const entitled = Boolean(user && (user.isAdmin || user.hasProAccess));
  const progress = useProgress(entitled);

  // The route's guard (app/require-user.tsx) lets only a signed-in user in; null covers the moment of signing out.
  if (!user) return null;
  if (!entitled || isPaymentRequired(progress.error)) {
    return (
      <ProLocked
        title="Your Progress is a Pro feature"
        description="Log how your real calls go after trying the coach’s advice, and see which techniques win for you, with your sessions, topics and top improvement areas."
      />
    );
  }
  return (
    <QueryState query={progress} error="Your progress could not be loaded.">
      {(figures) => <ProgressFigures p={figures} />}
    </QueryState>
  );
}

/** The user's figures: outcomes and what works for them, then their coaching, charts as they load. */
function ProgressFigures({ p }: { p: Progress }) {
  const techniqueHeight = 70 + p.outcomes.byTechnique.length * 34;
  return (
    <div className="mx-auto max-w-4xl space-y-4 px-4 py-6">
      <EffectivenessCard outcomes={p.outcomes} />
      <RecentReplies replies={p.recentReplies} />

      <Card className="space-y-4">
        <div>
          <CardTitle>What works for you</CardTitle>
          <CardDescription>The calls you logged, week by week and by the technique you tried.</CardDescription>
        </div>
        {p.outcomes.total === 0 ? (
          <p className="text-sm text-slate-600">No calls logged yet.</p>
        ) : (
          <div className="grid gap-6 md:grid-cols-2">
            <ChartSlot height={240}>
              <OutcomesPerWeekChart perWeek={p.outcomes.perWeek} />
            </ChartSlot>
            <ChartSlot height={techniqueHeight}>
              <TechniqueChart byTechnique={p.outcomes.byTechnique} />
            </ChartSlot>
          </div>
        )}
      </Card>

      <Card className="space-y-4">
        <CardTitle>Your coaching</CardTitle>
        <Totals totals={p.totals} activity={p.activity} />
        <ChartSlot height={200}>
          <SessionsPerWeekChart perWeek={p.sessionsPerWeek} />
        </ChartSlot>
      </Card>

      <Card className="space-y-4">
        <div>
          <CardTitle>What you work on</CardTitle>
          <CardDescription>The part of the call and the topic the coach found in each reply it gave you.</CardDescription>
        </div>
        {p.topics.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing yet: your first conversation with the coach will show here.</p>
        ) : (
          <div className="grid gap-6 md:grid-cols-2">
            <ChartSlot height={180}>
              <StagesChart stages={p.stages} />
            </ChartSlot>
            <ChartSlot height={40 + p.topics.length * 32}>
              <TopicsChart topics={p.topics} />
            </ChartSlot>
          </div>
        )}
      </Card>

      {/* Only for a rep with a deck (issue #27): the server sends no weeks without cards. */}
      {p.deckStrength.length > 0 && (
        <Card className="space-y-4">
          <div>
            <CardTitle>Your objection deck</CardTitle>
            <CardDescription>How likely you are to recall a good answer to your buyers' lines, on average, as you drill them.</CardDescription>
          </div>
          <ChartSlot height={200}>
            <DeckStrengthChart points={p.deckStrength} />
          </ChartSlot>
          <Link href="/deck" className="text-sm font-medium text-blue-700 underline-offset-4 hover:underline">
            Drill your deck
          </Link>
        </Card>
      )}

      <ImprovementAreas areas={p.improvementAreas} />

      {/* The plan picks its weekly behaviour from these areas and outcomes (product §9.4). */}
      <Card className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <CardTitle>Practise one thing this week</CardTitle>
          <CardDescription>A behaviour chosen from these figures, with a line to use and a two-minute daily drill.</CardDescription>
        </div>
        <Link href="/practice" className={buttonClasses('secondary', 'md', 'w-full shrink-0 sm:w-auto')}>
          Weekly practice
        </Link>
      </Card>

      <Link href="/chat" className={buttonClasses('primary', 'md', 'w-full sm:w-auto')}>
        <MessageSquare className="h-4 w-4" aria-hidden />
        Back to your coach
      </Link>
    </div>
  );
}
