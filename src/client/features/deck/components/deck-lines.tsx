import { useState, type FormEvent } from 'react';
import { deckCardInputSchema, type DeckCard } from '#shared/schemas/deck';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { describedBy } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/form-errors';
import { useAddCard } from '../api/add-card';
import { useDeleteCard } from '../api/delete-card';
import { useEditCard } from '../api/edit-card';
import { formatWhen, strengthLabel } from '../lib/when';

/** The line's text checked with the server's own schema, so the message under the field is the one the server would give. */
function checkLine(text: string): { text: string } | { error: string } {
  const parsed = deckCardInputSchema.safeParse({ text });
  return parsed.success ? parsed.data : { error: parsed.error.issues[0]?.message ?? 'Check the line.' };
}

/** Adds a buyer line by hand. */
export function AddLine() {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const add = useAddCard();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkLine(text);
    if ('error' in checked) return setError(checked.error);
    setError(undefined);
    add.mutate(checked, { onSuccess: () => setText(''), onError: (err) => setError(errorMessage(err)) });
  };
  return (
    <form onSubmit={submit} className="space-y-1.5" aria-label="Add a line">
      <label htmlFor="deck-add" className="block text-sm font-medium text-slate-800">
        Add a buyer line
      </label>
      <div className="flex gap-2">
        <Input
          id="deck-add"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="“We need to think about it”"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy('deck-add', { error })}
        />
        <Button type="submit" disabled={add.isPending} className="shrink-0">
          Add
        </Button>
      </div>
      {error && (
        <p id="deck-add-error" role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

/** One line of the deck: read, reworded in place, or deleted after a second tap. */
function DeckLine({ card }: { card: DeckCard }) {
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm-delete'>('view');
  const [text, setText] = useState(card.text);
  const [error, setError] = useState<string | undefined>();
  const edit = useEditCard();
  const remove = useDeleteCard();
  const fieldId = `deck-line-${card.id}`;

  const save = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkLine(text);
    if ('error' in checked) return setError(checked.error);
    setError(undefined);
    edit.mutate({ id: card.id, text: checked.text }, { onSuccess: () => setMode('view'), onError: (err) => setError(errorMessage(err)) });
  };

  return (
    <li className="space-y-2 py-3" data-testid="deck-line">
      {mode === 'edit' ? (
        <form onSubmit={save} className="space-y-2" aria-label="Edit the line">
          <label htmlFor={fieldId} className="sr-only">
            Buyer line
          </label>
          <Input id={fieldId} value={text} onChange={(e) => setText(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={describedBy(fieldId, { error })} />
          {error && (
            <p id={`${fieldId}-error`} role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          )}
          <div className="flex gap-2">
            <Button type="submit" size="md" disabled={edit.isPending}>
              Save
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setMode('view');
                setText(card.text);
                setError(undefined);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p className="font-medium text-slate-900">“{card.text}”</p>
          <p className="text-xs text-slate-500">
            {card.source === 'chat' ? 'Quoted in a chat' : 'Added by you'} · {strengthLabel(card.strength)} · {card.isDue ? 'Due now' : `Next ${formatWhen(card.due)}`}
          </p>
          {mode === 'confirm-delete' ? (
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-sm text-slate-700">Delete this line and its drills?</span>
              <Button variant="destructive" size="sm" className="h-11" disabled={remove.isPending} onClick={() => remove.mutate(card.id, { onError: (err) => setError(errorMessage(err)) })}>
                Delete
              </Button>
              <Button variant="ghost" size="sm" className="h-11" onClick={() => setMode('view')}>
                Keep it
              </Button>
            </div>
          ) : (
            <div className="flex gap-2">
              <Button variant="secondary" size="sm" className="h-11" onClick={() => setMode('edit')} aria-label={`Edit “${card.text}”`}>
                Edit
              </Button>
              <Button variant="ghost" size="sm" className="h-11 text-red-700" onClick={() => setMode('confirm-delete')} aria-label={`Delete “${card.text}”`}>
                Delete
              </Button>
            </div>
          )}
          {error && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          )}
        </>
      )}
    </li>
  );
}

/** Every line in the deck, or what the deck is for when it is empty. */
export function DeckLines({ cards }: { cards: DeckCard[] }) {
  if (cards.length === 0) {
    return (
      <Card className="space-y-2 text-center" data-testid="deck-empty">
        <h2 className="text-lg font-semibold text-slate-900">Your deck is empty</h2>
        <p className="text-slate-600">Quote your buyer's words in the chat and they land here: tell your coach what they said, in quotes, like “the honda place quoted $40 less”. Or add a line above.</p>
      </Card>
    );
  }
  return (
    <Card>
      <ul className="divide-y divide-slate-100" aria-label="Your buyer lines">
        {cards.map((card) => (
          <DeckLine key={card.id} card={card} />
        ))}
      </ul>
    </Card>
  );
}
