import { Link } from 'wouter';
import { Flame, Medal, ScrollText, Trophy } from 'lucide-react';
import { ACTIVE_WINDOW_MINUTES, POSTS_TODAY_HOURS, TRENDING_DAYS, type CommunityOverview } from '#shared/schemas/community';
import { Card, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

/** The forum's rules (product §9.2's rules sidebar). */
export const COMMUNITY_RULES = [
  'Be respectful. Disagree with ideas, not people.',
  'Stay on sales: prospecting, closing, objections, tools and careers.',
  'No spam, links to sell things or self-promotion.',
  'Keep customers private: no names, numbers or deal details that identify anyone.',
  'Report posts that break these rules; moderators review every report.',
];

const BADGE_STYLE = {
  gold: 'bg-amber-100 text-amber-900',
  silver: 'bg-slate-200 text-slate-800',
  bronze: 'bg-orange-100 text-orange-900',
} as const;
const BADGE_NAME = { gold: 'Gold', silver: 'Silver', bronze: 'Bronze' } as const;

function Stat({ label, value, definition, testId }: { label: string; value: number; definition: string; testId: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-xl font-bold tabular-nums text-slate-900" data-testid={testId}>
        {value.toLocaleString('en-US')}
      </dd>
      <dd className="text-xs text-slate-600">{definition}</dd>
    </div>
  );
}

/** Stats, rules, trending and top contributors, all from the server's data (nothing here is made up). */
export function CommunitySidebar({ overview }: { overview: CommunityOverview | undefined }) {
  return (
    <div className="space-y-4">
      <Card className="space-y-3 p-4">
        <CardTitle className="text-base">Community Stats</CardTitle>
        {overview ? (
          <dl className="grid grid-cols-2 gap-2">
            <Stat label="Members" value={overview.stats.members} definition="have joined the forum" testId="stat-members" />
            <Stat label="Active now" value={overview.stats.activeNow} definition={`in the forum in the last ${ACTIVE_WINDOW_MINUTES} minutes`} testId="stat-active" />
            <Stat label="Posts today" value={overview.stats.postsToday} definition={`in the last ${POSTS_TODAY_HOURS} hours`} testId="stat-posts-today" />
            <Stat label="Categories" value={overview.stats.categories} definition="to post in" testId="stat-categories" />
          </dl>
        ) : (
          <p className="text-sm text-slate-500">Loading…</p>
        )}
      </Card>

      <Card className="space-y-3 p-4">
        <CardTitle className="flex items-center gap-2 text-base">
          <ScrollText className="h-5 w-5 text-green-700" aria-hidden />
          Community Rules
        </CardTitle>
        <ol className="list-decimal space-y-1.5 pl-5 text-sm text-slate-700">
          {COMMUNITY_RULES.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ol>
      </Card>

      <Card className="space-y-2 p-4">
        <CardTitle className="flex items-center gap-2 text-base">
          <Flame className="h-5 w-5 text-orange-600" aria-hidden />
          Trending
        </CardTitle>
        <p className="text-xs text-slate-600">The last {TRENDING_DAYS} days&apos; posts with the most votes and replies.</p>
        {overview && overview.trending.length === 0 && <p className="text-sm text-slate-600">Nothing yet this week.</p>}
        <ol className="divide-y divide-slate-100">
          {overview?.trending.map((p) => (
            <li key={p.id}>
              <Link href={`/community/post/${p.id}`} className="flex min-h-11 flex-col justify-center py-1.5 hover:text-blue-700">
                <span className="line-clamp-2 break-words text-sm font-medium text-slate-900 [overflow-wrap:anywhere]">{p.title}</span>
                <span className="text-xs text-slate-600">
                  {p.score} {Math.abs(p.score) === 1 ? 'vote' : 'votes'} · {p.replyCount} {p.replyCount === 1 ? 'reply' : 'replies'}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      </Card>

      <Card className="space-y-2 p-4">
        <CardTitle className="flex items-center gap-2 text-base">
          <Trophy className="h-5 w-5 text-amber-600" aria-hidden />
          Top Contributors
        </CardTitle>
        <p className="text-xs text-slate-600">By the votes their posts received.</p>
        {overview && overview.topContributors.length === 0 && <p className="text-sm text-slate-600">No votes yet: be the first to help someone.</p>}
        <ol className="space-y-1.5" data-testid="top-contributors">
          {overview?.topContributors.map((c, i) => (
            <li key={c.username} className="flex items-center gap-2 text-sm">
              <span className="w-5 shrink-0 text-right font-semibold tabular-nums text-slate-600">{i + 1}</span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-slate-900">{c.username}</span>
                <span className="block text-xs tabular-nums text-slate-600">
                  {c.votes} {c.votes === 1 ? 'vote' : 'votes'} · {c.posts} {c.posts === 1 ? 'post' : 'posts'}
                </span>
              </span>
              {c.badge && (
                <span className={cn('inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold', BADGE_STYLE[c.badge])}>
                  <Medal className="h-3.5 w-3.5" aria-hidden />
                  {BADGE_NAME[c.badge]}
                </span>
              )}
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
