import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { cn } from '../../../lib/cn';
import type { StepField } from '../lib/onboarding-steps';

export const fieldId = (field: StepField) => `onboarding-${field.name}`;

interface Props {
  field: StepField;
  value: string;
  /** What is wrong with the answer, shown under the control (and in the page's toast). */
  error: string | null;
  onChange: (value: string) => void;
}

/** The message under a control; announced when it appears, and tied to the control by id. */
function FieldError({ id, error }: { id: string; error: string | null }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
      {error}
    </p>
  );
}

/** One labelled control for a step field, chosen by the field's kind. */
export function StepFieldControl({ field, value, error, onChange }: Props) {
  const id = fieldId(field);
  const invalid = error !== null;
  const errorId = invalid ? `${id}-error` : undefined;
  switch (field.kind) {
    case 'choice':
      return (
        <fieldset className="space-y-2" aria-describedby={errorId}>
          <legend className="mb-2 text-sm font-medium text-slate-800">{field.label}</legend>
          {field.options.map((option, i) => {
            const checked = value === option;
            return (
              <label
                key={option}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-lg border px-4 py-3 font-medium transition-colors has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-blue-900',
                  checked ? 'border-blue-600 bg-blue-50 text-blue-900' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
                )}
              >
                <input
                  // The first option takes the id so a failed check can move focus into the group.
                  id={i === 0 ? id : undefined}
                  type="radio"
                  name={field.name}
                  value={option}
                  checked={checked}
                  onChange={() => onChange(option)}
                  className="h-4 w-4 accent-blue-600"
                />
                {option}
              </label>
            );
          })}
          <FieldError id={id} error={error} />
        </fieldset>
      );
    case 'textarea':
      return (
        <div className="space-y-1.5">
          <Label htmlFor={id}>{field.label}</Label>
          <Textarea
            id={id}
            value={value}
            maxLength={field.maxLength}
            placeholder={field.placeholder}
            aria-invalid={invalid}
            aria-describedby={[`${id}-count`, errorId].filter(Boolean).join(' ')}
            onChange={(e) => onChange(e.target.value)}
          />
          <p id={`${id}-count`} data-testid="char-count" className="text-right text-xs text-slate-600">
            {value.length}/{field.maxLength}
          </p>
          <FieldError id={id} error={error} />
        </div>
      );
    case 'number':
      return (
        <div className="space-y-1.5">
          <Label htmlFor={id}>{field.label}</Label>
          {/* Text with a numeric keypad, not type=number: "$4,200" is accepted and wheel scrolling cannot change it. */}
          <Input
            id={id}
            type="text"
            inputMode="numeric"
            value={value}
            placeholder={field.placeholder}
            aria-invalid={invalid}
            aria-describedby={errorId}
            onChange={(e) => onChange(e.target.value)}
          />
          <FieldError id={id} error={error} />
        </div>
      );
    case 'text':
      return (
        <div className="space-y-1.5">
          <Label htmlFor={id}>{field.label}</Label>
          <Input
            id={id}
            type="text"
            value={value}
            maxLength={field.maxLength}
            placeholder={field.placeholder}
            autoComplete={field.autoComplete}
            aria-invalid={invalid}
            aria-describedby={errorId}
            onChange={(e) => onChange(e.target.value)}
          />
          <FieldError id={id} error={error} />
        </div>
      );
  }
}
