import { useState } from 'react';
import { deckAnswerInputSchema, type DeckAnswerResult, type DeckCard, type DeckRating } from '#shared/schemas/deck';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/form-errors';
import { useAnswerCard } from '../api/answer-card';
import { formatWhen } from '../lib/when';
import { SpeakButton } from '../../../components/voice/speak-button';
import { DrillAnswer } from './drill-answer';

const RATING_LABELS: Record<DeckRating, string> = { again: 'Again soon', hard: 'Hard', good: 'Good', easy: 'Easy' };

/**
 * One round of drills over the cards that were due when it opened: the buyer's line, the rep's
 * answer, the coach's score with one thing to keep and one to change, when the card comes back;
 * then the next card, and at the end when the next one is due.
 */
export function Drill({ cards, nextDue, onDone }: { cards: DeckCard[]; nextDue: string | null; onDone: () => void }) {
  const [index, setIndex] = useState(0);
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<DeckAnswerResult | null>(null);
  // The cards answered this round come back at their new times: the earliest says when the deck is next due.
  const [comesBack, setComesBack] = useState<string[]>([]);
  const send = useAnswerCard();
  const card = cards[index];

  if (!card) {
    const next = [...comesBack, ...(nextDue ? [nextDue] : [])].sort()[0];
    return (
      <Card className="space-y-3 text-center" data-testid="drill-done">
        <h2 className="text-xl font-bold text-slate-900">{comesBack.length ? 'Round done' : 'Nothing due right now'}</h2>
        <p className="text-slate-700">{next ? `Nothing due until ${formatWhen(next)}.` : 'Add a line to your deck to drill it.'}</p>
        <Button variant="secondary" onClick={onDone}>
          Back to your deck
        </Button>
      </Card>
    );
  }

  const submit = () => {
    const parsed = deckAnswerInputSchema.safeParse({ answer });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check your answer.');
      return;
    }
    setError(undefined);
    send.mutate(
      { id: card.id, answer: parsed.data.answer },
      {
        onSuccess: (scored) => {
          setResult(scored);
          setComesBack((all) => [...all, scored.card.due]);
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };
  const next = () => {
    setIndex((i) => i + 1);
    setAnswer('');
    setResult(null);
    setError(undefined);
  };

  return (
    <Card className="space-y-4" data-testid="drill-card">
      <p className="text-sm font-medium text-slate-500">
        Card {index + 1} of {cards.length}
      </p>
      <figure className="rounded-lg border-l-4 border-amber-400 bg-amber-50 px-4 py-3">
        <figcaption className="text-xs font-semibold uppercase tracking-wide text-amber-800">The buyer says</figcaption>
        <blockquote className="mt-1 text-lg font-medium text-slate-900" data-testid="drill-line">
          “{card.text}”
        </blockquote>
        <SpeakButton text={card.text} label="Speak the buyer's line" className="-mb-2 -ml-2" />
      </figure>
      {result ? (
        <section aria-label="Your score" className="space-y-3" data-testid="drill-result">
          <p className="text-slate-600">You said: “{answer.trim()}”</p>
          <p className="text-2xl font-bold text-slate-900">
            {result.score}
            <span className="text-base font-medium text-slate-500">/100 · {RATING_LABELS[result.rating]}</span>
          </p>
          <dl className="space-y-2 text-sm">
            <div className="rounded-lg bg-green-50 px-3 py-2">
              <dt className="font-semibold text-green-900">Keep</dt>
              <dd className="text-green-900">{result.keep ?? 'Nothing yet: acknowledge them, ask a question, or propose a next step.'}</dd>
            </div>
            <div className="rounded-lg bg-orange-50 px-3 py-2">
              <dt className="font-semibold text-orange-900">Change</dt>
              <dd className="text-orange-900">{result.change ?? 'Nothing: that answer makes every move.'}</dd>
            </div>
          </dl>
          <p className="text-sm font-medium text-slate-700" data-testid="drill-next-review">
            Comes back {formatWhen(result.card.due)}
          </p>
          <Button onClick={next} className="w-full sm:w-auto">
            {index + 1 < cards.length ? 'Next card' : 'Finish'}
          </Button>
        </section>
      ) : (
        <DrillAnswer value={answer} onChange={setAnswer} onSubmit={submit} busy={send.isPending} error={error} />
      )}
    </Card>
  );
}
