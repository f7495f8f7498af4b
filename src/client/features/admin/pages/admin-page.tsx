import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { BookOpenText, Flag, LifeBuoy, Library, LogOut, MessageSquareText, ScrollText } from 'lucide-react';
import type { AdminUnlockStatus } from '#shared/schemas/admin';
import { Button, buttonClasses } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { useCurrentUser } from '../../../lib/api/current-user';
import { errorMessage } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast-store';
import { setAdminLockedHandler } from '../api/admin-request';
import { unlockStatusKey, useUnlockStatus } from '../api/get-unlock-status';
import { useLockPanel } from '../api/lock-panel';
import { forgetAdminData } from '../lib/admin-cache';
import { formatTime } from '../lib/format-when';
import { AdminTabPanel, AdminTabs, type AdminTab } from '../components/admin-tabs';
import { AuditTab } from '../components/audit-tab';
import { EscalationsTab } from '../components/escalations-tab';
import { FeedbackTab } from '../components/feedback-tab';
import { KnowledgeTab } from '../components/knowledge-tab';
import { LessonsTab } from '../components/lessons-tab';
import { ModerationTab } from '../components/moderation-tab';
import { LockedCard, UnlockCard } from '../components/unlock-card';

type Section = 'knowledge' | 'lessons' | 'escalations' | 'feedback' | 'moderation' | 'audit';

const TABS: readonly AdminTab<Section>[] = [
  { id: 'knowledge', label: 'Knowledge base', icon: <Library className="h-4 w-4" aria-hidden /> },
  { id: 'lessons', label: 'Lessons', icon: <BookOpenText className="h-4 w-4" aria-hidden /> },
  { id: 'escalations', label: 'Escalations', icon: <LifeBuoy className="h-4 w-4" aria-hidden /> },
  { id: 'feedback', label: 'Feedback', icon: <MessageSquareText className="h-4 w-4" aria-hidden /> },
  { id: 'moderation', label: 'Moderation', icon: <Flag className="h-4 w-4" aria-hidden /> },
  { id: 'audit', label: 'Audit log', icon: <ScrollText className="h-4 w-4" aria-hidden /> },
];

/** The unlocked panel: its sections, and Logout, which locks it again (the admin stays signed in). */
function UnlockedPanel({ status }: { status: AdminUnlockStatus }) {
  const qc = useQueryClient();
  const lock = useLockPanel();
  const [section, setSection] = useState<Section>('knowledge');

  // The unlock ends on the server after 30 minutes; the panel follows when any call finds out, and at the time itself.
  useEffect(() => {
    setAdminLockedHandler(() => {
      forgetAdminData(qc);
      void qc.invalidateQueries({ queryKey: unlockStatusKey });
      toast({ title: 'Admin panel locked', description: 'The unlock has ended. Unlock again to continue.' });
    });
    const left = status.unlockedUntil ? new Date(status.unlockedUntil).getTime() - Date.now() : 0;
    // setTimeout holds at most ~24.8 days; an unlock is 30 minutes.
    const timer = setTimeout(() => void qc.invalidateQueries({ queryKey: unlockStatusKey }), Math.max(0, left) + 1000);
    return () => {
      setAdminLockedHandler(null);
      clearTimeout(timer);
    };
  }, [qc, status.unlockedUntil]);

  const logout = () =>
    lock.mutate(undefined, {
      onSuccess: () => toast({ title: 'Admin panel locked', description: 'You are still signed in to the app.' }),
      onError: (err) => toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' }),
    });

  return (
    <div className="mx-auto max-w-5xl space-y-5 px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-2xl font-bold tracking-tight text-slate-900">Admin Panel</h2>
          {status.unlockedUntil && (
            <p className="text-sm text-slate-600" data-testid="unlocked-until">
              Unlocked until {formatTime(status.unlockedUntil)}
            </p>
          )}
        </div>
        <Button variant="secondary" onClick={logout} disabled={lock.isPending}>
          <LogOut className="h-4 w-4" aria-hidden />
          Logout
        </Button>
      </div>
      <AdminTabs tabs={TABS} current={section} onChange={setSection} />
      <AdminTabPanel id={section}>
        {section === 'knowledge' && <KnowledgeTab />}
        {section === 'lessons' && <LessonsTab />}
        {section === 'escalations' && <EscalationsTab />}
        {section === 'feedback' && <FeedbackTab />}
        {section === 'moderation' && <ModerationTab />}
        {section === 'audit' && <AuditTab />}
      </AdminTabPanel>
    </div>
  );
}

/**
 * /admin (product §12): locked for everyone until a signed-in admin
 * re-enters their password (or the admin key) in this session; then the knowledge base,
 * the training lessons, escalations, feedback, moderation and the audit log, for 30 minutes.
 */
export function AdminPage() {
  const { data: user } = useCurrentUser();
  const isAdmin = Boolean(user?.isAdmin);
  const status = useUnlockStatus(isAdmin);

  // The route's guard (app/require-user.tsx) lets only a signed-in user in; null covers the moment of signing out.
  if (!user) return null;
  if (!isAdmin) {
    return (
      <LockedCard description="This panel is for the coaching team's admins, and your account is not one. There is nothing you can unlock here.">
        <Link href="/account" className={buttonClasses('secondary', 'md', 'w-full')}>
          Back to your account
        </Link>
      </LockedCard>
    );
  }
  return (
    <QueryState
      query={status}
      error="Failed to connect to admin panel."
      // The failure keeps the panel's locked card, so the page looks the same whether it loads or not.
      renderError={(retry) => (
        <LockedCard description="Failed to connect to admin panel.">
          <Button variant="secondary" className="w-full" onClick={retry}>
            Try again
          </Button>
        </LockedCard>
      )}
    >
      {(unlock) => (unlock.unlocked ? <UnlockedPanel status={unlock} /> : <UnlockCard secret={unlock.secret} />)}
    </QueryState>
  );
}
