import { useState, type FormEvent } from 'react';
import { CreditCard } from 'lucide-react';
import { sandboxCardSchema, type SandboxCard } from '#shared/schemas/billing';
import { Button } from '../../../components/ui/button';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { expiryInPast, formatCardNumber, formatCvc, formatExpiry } from '../lib/card-input';

type CardField = keyof SandboxCard;
type CardErrors = Partial<Record<CardField, string>>;

/** The card form's checks: the shared schema the server applies, and an expiry not in the past. */
export function validateCard(card: SandboxCard, now: Date = new Date()): CardErrors {
  const errors: CardErrors = {};
  const parsed = sandboxCardSchema.safeParse(card);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'number' || field === 'expiry' || field === 'cvc') && !errors[field]) errors[field] = issue.message;
    }
  }
  // 16 digits is every test card's length; fewer than 13 is never a card.
  if (!errors.number && card.number.replace(/\D/g, '').length < 13) errors.number = 'Your card number is incomplete.';
  if (!errors.expiry && expiryInPast(card.expiry, now)) errors.expiry = "Your card's expiration date is in the past.";
  return errors;
}

/**
 * The sandbox provider's card form, standing in for Stripe's hosted fields when no Stripe keys are
 * set: number, MM/YY and CVC with the browser's card autofill names, checked before anything is
 * sent. `pending` disables Pay and says 'Processing…', so a double click pays once. `declined` is
 * the provider's refusal of the card ('Your card was declined.'): it shows under the card number
 * until the card is changed (`onCardEdit`), so it is read with the field it is about.
 */
export function SandboxCardForm({
  payLabel,
  pending,
  declined = null,
  onCardEdit,
  onPay,
}: {
  payLabel: string;
  pending: boolean;
  declined?: string | null;
  onCardEdit?: () => void;
  onPay: (card: SandboxCard) => void;
}) {
  const [card, setCard] = useState<SandboxCard>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardErrors>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const found = validateCard(card);
    setErrors(found);
    const first = (['number', 'expiry', 'cvc'] as const).find((field) => found[field]);
    if (first) {
      document.getElementById(`card-${first}`)?.focus();
      return;
    }
    onPay(card);
  };

  const change = (field: CardField, value: string) => {
    setCard((current) => ({ ...current, [field]: value }));
    // A message about what was there before no longer applies once it is being corrected.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    if (declined) onCardEdit?.();
  };
  const numberError = errors.number ?? declined ?? undefined;

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Card details">
      <Field id="card-number" label="Card number" error={numberError}>
        <Input
          id="card-number"
          name="cardnumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
          value={card.number}
          onChange={(e) => change('number', formatCardNumber(e.target.value))}
          aria-invalid={numberError ? true : undefined}
          aria-describedby={describedBy('card-number', { error: numberError })}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id="card-expiry" label="Expiry (MM/YY)" error={errors.expiry}>
          <Input
            id="card-expiry"
            name="exp-date"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={5}
            value={card.expiry}
            onChange={(e) => change('expiry', formatExpiry(e.target.value, card.expiry))}
            aria-invalid={errors.expiry ? true : undefined}
            aria-describedby={describedBy('card-expiry', { error: errors.expiry })}
          />
        </Field>
        <Field id="card-cvc" label="CVC" error={errors.cvc}>
          <Input
            id="card-cvc"
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={card.cvc}
            onChange={(e) => change('cvc', formatCvc(e.target.value))}
            aria-invalid={errors.cvc ? true : undefined}
            aria-describedby={describedBy('card-cvc', { error: errors.cvc })}
          />
        </Field>
      </div>
      <div data-testid="sandbox-hint" className="rounded-lg border border-dashed border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        <p className="font-medium">Sandbox: use 4242 4242 4242 4242</p>
        <p>
          Any future date and any CVC. No real money moves. To see a refusal: <span className="whitespace-nowrap">4000 0000 0000 0002</span> (declined),{' '}
          <span className="whitespace-nowrap">4000 0000 0000 9995</span> (insufficient funds).
        </p>
      </div>
      {/* The label is long ('Subscribe to Pro - $2.99 first month'): it may wrap on a phone, and the button grows with it. */}
      <Button type="submit" size="lg" className="h-auto min-h-12 w-full py-2 text-base" disabled={pending}>
        <CreditCard className="h-5 w-5" aria-hidden />
        {pending ? 'Processing…' : payLabel}
      </Button>
    </form>
  );
}
