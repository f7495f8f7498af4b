import { useState } from 'react';
import { Star } from 'lucide-react';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_CATEGORY_LABELS,
  FEEDBACK_RATINGS,
  FEEDBACK_STATUSES,
  FEEDBACK_TYPE_LABELS,
  FEEDBACK_TYPES,
  type Feedback,
  type FeedbackListQuery,
  type FeedbackStatus,
} from '#shared/schemas/feedback';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../lib/toast-store';
import { useFeedbackList } from '../api/get-feedback-list';
import { useSetFeedbackStatus } from '../api/set-feedback-status';
import { formatWhen } from '../lib/format-when';
import { AdminQueryState } from './admin-query-state';

const STATUS_LABEL: Record<FeedbackStatus, string> = { new: 'New', reviewed: 'Reviewed', planned: 'Planned', completed: 'Completed' };
const ratingLabel = (rating: number) => FEEDBACK_RATINGS.find((r) => r.value === rating)?.label ?? '';

function FeedbackCard({ feedback: f }: { feedback: Feedback }) {
  const setStatus = useSetFeedbackStatus();
  const id = `feedback-${f.id}-status`;
  return (
    <Card className="space-y-3" data-testid={`feedback-${f.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap gap-2">
            <Badge tone={f.type === 'bug' ? 'amber' : 'blue'}>{FEEDBACK_TYPE_LABELS[f.type]}</Badge>
            <Badge>{FEEDBACK_CATEGORY_LABELS[f.category]}</Badge>
          </div>
          <h3 className="font-semibold break-words text-slate-900">{f.subject}</h3>
          <p className="text-sm text-slate-600">
            {formatWhen(f.createdAt)} · from {f.username ?? 'a visitor'}
            {f.email && <> · {f.email}</>}
          </p>
          {f.rating !== null && (
            <p className="flex items-center gap-1 text-sm text-slate-700">
              <Star className="h-4 w-4 fill-amber-400 text-amber-500" aria-hidden />
              {f.rating}/5 – {ratingLabel(f.rating)}
            </p>
          )}
        </div>
        <div className="w-full sm:w-44">
          <Field id={id} label="Status">
            <Select
              id={id}
              value={f.status}
              disabled={setStatus.isPending}
              onChange={(e) =>
                setStatus.mutate(
                  { id: f.id, status: e.target.value as FeedbackStatus },
                  {
                    onSuccess: (updated) => toast({ title: 'Status Updated', description: `“${updated.subject}” is now ${STATUS_LABEL[updated.status].toLowerCase()}.` }),
                    onError: () => toast({ title: 'Error', description: 'Failed to update feedback status.', variant: 'destructive' }),
                  },
                )
              }
            >
              {FEEDBACK_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABEL[s]}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      </div>
      <p className="text-sm break-words whitespace-pre-wrap text-slate-900">{f.message}</p>
    </Card>
  );
}

/** product §12.6: every feedback sent, newest first, with filters; an admin sets its status. */
/** One of the list's filters: any value, or one of `options` shown by its label. */
function FilterSelect<V extends string>({
  label,
  anyLabel,
  value,
  options,
  labels,
  onChange,
}: {
  label: string;
  anyLabel: string;
  value: V | undefined;
  options: readonly V[];
  labels: Record<V, string>;
  onChange: (value: string) => void;
}) {
  const id = `feedback-filter-${label.toLowerCase()}`;
  return (
    <Field id={id} label={label}>
      <Select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        <option value="">{anyLabel}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {labels[o]}
          </option>
        ))}
      </Select>
    </Field>
  );
}

export function FeedbackTab() {
  const [filters, setFilters] = useState<FeedbackListQuery>({});
  const list = useFeedbackList(filters);
  const filter = <K extends keyof FeedbackListQuery>(key: K, value: string) => setFilters((f) => ({ ...f, [key]: value === '' ? undefined : value }));
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <FilterSelect label="Status" anyLabel="All statuses" value={filters.status} options={FEEDBACK_STATUSES} labels={STATUS_LABEL} onChange={(v) => filter('status', v)} />
        <FilterSelect label="Type" anyLabel="All types" value={filters.type} options={FEEDBACK_TYPES} labels={FEEDBACK_TYPE_LABELS} onChange={(v) => filter('type', v)} />
        <FilterSelect
          label="Category"
          anyLabel="All categories"
          value={filters.category}
          options={FEEDBACK_CATEGORIES}
          labels={FEEDBACK_CATEGORY_LABELS}
          onChange={(v) => filter('category', v)}
        />
      </div>
      <AdminQueryState query={list} layout="panel" error="The feedback could not be loaded." loading="Loading the feedback…">
        {(feedback) =>
          feedback.length === 0 ? <p className="py-6 text-center text-slate-600">No feedback matches these filters.</p> : feedback.map((f) => <FeedbackCard key={f.id} feedback={f} />)
        }
      </AdminQueryState>
    </div>
  );
}
