import { useState } from 'react';
import { Layers } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { QueryState } from '../../../components/ui/query-state';
import { isPaymentRequired } from '../../../lib/payment-required';
import { useDeck } from '../api/get-deck';
import { useDue } from '../api/get-due';
import { AddLine, DeckLines } from '../components/deck-lines';
import { Drill } from '../components/drill';
import { DrillLocked } from '../components/drill-locked';

/**
 * /deck (issue #27 item 3): the buyer lines the rep quoted in the chat or added, which every plan
 * keeps and edits, and the drill over the ones due (the trial, Basic, Pro). Drill asks the server
 * for the due cards; Free's refusal (payment_required) shows the way to upgrade instead.
 */
export function DeckPage() {
  const deck = useDeck();
  const [drilling, setDrilling] = useState(false);
  const due = useDue(drilling);
  const stop = () => setDrilling(false);

  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-6">
      {drilling ? (
        isPaymentRequired(due.error) ? (
          <DrillLocked onBack={stop} />
        ) : (
          <QueryState query={due} error="The drill could not be loaded." layout="panel">
            {(round) => <Drill cards={round.cards} nextDue={round.nextDue} onDone={stop} />}
          </QueryState>
        )
      ) : (
        <QueryState query={deck} error="Your deck could not be loaded.">
          {({ cards, dueCount }) => (
            <>
              <Card className="space-y-3 border-amber-200 bg-amber-50">
                <div className="flex items-start gap-3">
                  <Layers className="mt-1 h-6 w-6 shrink-0 text-amber-700" aria-hidden />
                  <div className="space-y-1">
                    <h2 className="text-xl font-bold text-slate-900">Objection deck</h2>
                    <p className="text-sm text-slate-700">The lines your buyers said, to practise until your answer comes without thinking.</p>
                  </div>
                </div>
                <Button onClick={() => setDrilling(true)} disabled={cards.length === 0} className="w-full sm:w-auto">
                  {dueCount ? `Drill ${dueCount} due ${dueCount === 1 ? 'line' : 'lines'}` : 'Drill'}
                </Button>
              </Card>
              <AddLine />
              <DeckLines cards={cards} />
            </>
          )}
        </QueryState>
      )}
    </div>
  );
}
