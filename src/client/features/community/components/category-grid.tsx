import { Briefcase, Database, Handshake, MessageCircle, PhoneCall, ShieldAlert, type LucideIcon } from 'lucide-react';
import type { CommunityCategoryId, CommunityOverview } from '#shared/schemas/community';
import { cn } from '../../../lib/cn';

const ICONS: Record<CommunityCategoryId, LucideIcon> = {
  prospecting: PhoneCall,
  closing: Handshake,
  objections: ShieldAlert,
  crm: Database,
  career: Briefcase,
  general: MessageCircle,
};

/** The six categories with their live post counts; tapping one shows only its discussions, tapping it again all. */
export function CategoryGrid({
  categories,
  selected,
  onSelect,
}: {
  categories: CommunityOverview['categories'];
  selected: CommunityCategoryId | null;
  onSelect: (category: CommunityCategoryId | null) => void;
}) {
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {categories.map((c) => {
        const Icon = ICONS[c.id];
        const on = selected === c.id;
        return (
          <li key={c.id}>
            <button
              type="button"
              aria-pressed={on}
              onClick={() => onSelect(on ? null : c.id)}
              title={c.description}
              className={cn(
                'flex min-h-16 w-full items-center gap-2 rounded-xl border p-3 text-left transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-900',
                on ? 'border-blue-600 bg-blue-50 ring-1 ring-blue-600' : 'border-slate-200 bg-white hover:bg-slate-50',
              )}
            >
              <Icon className={cn('h-5 w-5 shrink-0', on ? 'text-blue-700' : 'text-slate-500')} aria-hidden />
              <span className="min-w-0">
                <span className="block truncate text-sm font-semibold text-slate-900">{c.name}</span>
                <span className="block text-xs text-slate-600" data-testid={`category-count-${c.id}`}>
                  {c.posts} {c.posts === 1 ? 'post' : 'posts'}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
