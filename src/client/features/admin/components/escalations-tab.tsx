import { useState } from 'react';
import { ChevronDown, MessageSquare } from 'lucide-react';
import type { Escalation, EscalationListQuery, EscalationPriority } from '#shared/schemas/escalations';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormAlert } from '../../../components/ui/form-alert';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { CoachMarkdown } from '../../../lib/coach-markdown';
import { errorMessage } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast-store';
import { useCloseEscalation } from '../api/close-escalation';
import { ESCALATIONS_REFRESH_MS, useEscalations } from '../api/get-escalations';
import { useRespondToEscalation } from '../api/respond-to-escalation';
import { formatWhen } from '../lib/format-when';
import { AdminQueryState } from './admin-query-state';
import { EscalationConversationView } from './escalation-conversation';

const PRIORITY_TONE: Record<EscalationPriority, { className: string; label: string }> = {
  urgent: { className: 'bg-red-100 text-red-800', label: 'Urgent' },
  high: { className: 'bg-amber-100 text-amber-900', label: 'High' },
  normal: { className: 'bg-blue-100 text-blue-800', label: 'Normal' },
  low: { className: 'bg-slate-100 text-slate-700', label: 'Low' },
};

const FILTERS: { value: EscalationListQuery['status']; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'answered', label: 'Answered' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
];

/** A labelled block of someone's words, shown as text; the coach's as Markdown, as the rep saw it. */
function Quote({ label, children, markdown = false }: { label: string; children: string; markdown?: boolean }) {
  return (
    <div className="space-y-1">
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</p>
      {markdown ? (
        <div className="rounded-lg bg-slate-50 px-3 py-2 text-slate-900">
          <CoachMarkdown text={children} />
        </div>
      ) : (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-900">{children}</p>
      )}
    </div>
  );
}

/** The whole conversation behind the escalation, read when the admin opens it (issue #25). */
function ConversationDisclosure({ escalation: e }: { escalation: Escalation }) {
  const [open, setOpen] = useState(false);
  const panelId = `escalation-${e.id}-conversation`;
  if (!e.sessionId) return null;
  return (
    <div className="space-y-2">
      <Button variant="secondary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <ChevronDown className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden />
        {open ? 'Hide the conversation' : `Read the conversation (${e.sessionMessageCount} messages)`}
      </Button>
      <div id={panelId}>{open && <EscalationConversationView escalationId={e.id} />}</div>
    </div>
  );
}

function RespondForm({ escalation }: { escalation: Escalation }) {
  const respond = useRespondToEscalation();
  const [response, setResponse] = useState('');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  // The server's refusal, above Send Response until the next try (a toast went, issue #25).
  const [failure, setFailure] = useState<string>();
  const id = `escalation-${escalation.id}`;

  const send = () => {
    setFailure(undefined);
    // Said under the response field, which Send Response points at.
    if (!response.trim()) return setMissing(true);
    respond.mutate(
      { id: escalation.id, adminResponse: response, learningNote: note },
      {
        onSuccess: () => toast({ title: 'Response Sent', description: "Your response has been injected into the user's conversation." }),
        onError: (err) => setFailure(errorMessage(err)),
      },
    );
  };

  return (
    <div className="space-y-3 border-t border-slate-200 pt-3">
      <Field id={`${id}-response`} label="Your response to the user" hint="Added to their conversation, marked as from the coaching team." error={missing ? 'Please provide a response for the user.' : undefined}>
        <Textarea
          id={`${id}-response`}
          rows={4}
          value={response}
          aria-invalid={missing}
          aria-describedby={`${id}-response-hint${missing ? ` ${id}-response-error` : ''}`}
          onChange={(e) => {
            setResponse(e.target.value);
            if (e.target.value.trim()) setMissing(false);
          }}
        />
      </Field>
      <Field id={`${id}-note`} label="Learning note (optional)" hint="Added to the knowledge base, so the coach learns.">
        <Textarea id={`${id}-note`} rows={2} className="min-h-20" value={note} aria-describedby={`${id}-note-hint`} onChange={(e) => setNote(e.target.value)} />
      </Field>
      {failure && (
        <FormAlert id={`${id}-send-error`} title="Failed to send response.">
          {failure}
        </FormAlert>
      )}
      <Button onClick={send} disabled={respond.isPending} aria-describedby={failure ? `${id}-send-error` : missing ? `${id}-response-error` : undefined}>
        {respond.isPending ? 'Sending…' : 'Send Response'}
      </Button>
    </div>
  );
}

function EscalationCard({ escalation: e }: { escalation: Escalation }) {
  const close = useCloseEscalation();
  const tone = PRIORITY_TONE[e.priority];
  return (
    <Card className="space-y-3" data-testid={`escalation-${e.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge className={tone.className}>{tone.label}</Badge>
            <Badge tone={e.status === 'pending' ? 'amber' : e.status === 'answered' ? 'green' : 'neutral'}>{e.status[0]?.toUpperCase() + e.status.slice(1)}</Badge>
          </div>
          <p className="font-semibold text-slate-900">{e.user.username}</p>
          <p className="text-sm text-slate-600">
            {formatWhen(e.createdAt)} · <MessageSquare className="inline h-3.5 w-3.5" aria-hidden /> {e.sessionMessageCount} messages in the conversation
          </p>
        </div>
        {e.status !== 'closed' && (
          <Button
            variant="secondary"
            disabled={close.isPending}
            onClick={() =>
              close.mutate(e.id, {
                onSuccess: () => toast({ title: 'Escalation closed' }),
                onError: (err) => toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' }),
              })
            }
          >
            Close
          </Button>
        )}
      </div>
      <p className="text-sm text-slate-800">
        <span className="font-medium">Reason:</span> {e.escalationReason}
      </p>
      <Quote label="User's message">{e.userMessage}</Quote>
      <Quote label="AI's attempt" markdown>
        {e.aiAttempt}
      </Quote>
      <ConversationDisclosure escalation={e} />
      {e.adminResponse !== null && <Quote label={`Answered${e.respondedBy ? ` by ${e.respondedBy.username}` : ''}`}>{e.adminResponse}</Quote>}
      {e.learningNote && <Quote label="Learning note">{e.learningNote}</Quote>}
      {e.status === 'pending' && <RespondForm escalation={e} />}
    </Card>
  );
}

/** product §12.5: what the coach handed to a person; the list refreshes every 10 seconds. */
export function EscalationsTab() {
  const [status, setStatus] = useState<EscalationListQuery['status']>('pending');
  const escalations = useEscalations(status);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full sm:w-56">
          <Field id="escalation-filter" label="Show">
            <Select id="escalation-filter" value={status} onChange={(e) => setStatus(e.target.value as EscalationListQuery['status'])}>
              {FILTERS.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <p className="text-xs text-slate-600">Refreshes every {ESCALATIONS_REFRESH_MS / 1000} seconds.</p>
      </div>
      <AdminQueryState
        query={escalations}
        layout="panel"
        error={`The escalations could not be loaded: ${errorMessage(escalations.error)}`}
        loading="Loading the escalations…"
      >
        {(list) =>
          list.length === 0 ? (
            <p className="py-6 text-center text-slate-600">No {status === 'all' ? '' : `${status} `}escalations.</p>
          ) : (
            list.map((e) => <EscalationCard key={e.id} escalation={e} />)
          )
        }
      </AdminQueryState>
    </div>
  );
}
