import { Link } from 'wouter';
import { LockKeyhole } from 'lucide-react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/**
 * What Free sees on Drill: the deck stays theirs, drills come with the trial, Basic and Pro
 * (product §9, issue #27), so the way on is the plan chooser, where Basic is the cheapest.
 */
export function DrillLocked({ onBack }: { onBack: () => void }) {
  return (
    <Card className="space-y-4 text-center" data-testid="drill-locked">
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-purple-100" aria-hidden>
        <LockKeyhole className="h-6 w-6 text-purple-700" />
      </span>
      <h2 className="text-xl font-bold text-slate-900">Drills come with Basic and Pro</h2>
      <p className="text-slate-600">Your deck stays yours to read and edit. Upgrade to answer each line and have your coach score it and schedule when it comes back.</p>
      <Link href="/upgrade" className={buttonClasses('primary', 'md', 'w-full bg-purple-600 hover:bg-purple-700')}>
        See plans
      </Link>
      <Button variant="ghost" onClick={onBack} className="w-full">
        Back to your deck
      </Button>
    </Card>
  );
}
