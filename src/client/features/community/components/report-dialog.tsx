import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { REPORT_REASON_MAX, reportInputSchema, type ReportResult } from '#shared/schemas/community';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { describedBy, Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/textarea';
import { errorMessage } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast-store';
import { useReportPost } from '../api/report-post';
import { useReportReply } from '../api/report-reply';

/** Report a post: to the moderators' queue, with an optional reason; once per member per post. */
export function ReportDialog({ postId, reported }: { postId: number; reported: boolean }) {
  return <ReportDialogFor what="post" fieldId="report-reason" reported={reported} report={useReportPost(postId)} />;
}

/** Report a reply: the same dialog and toasts as a post's; once per member per reply. */
export function ReportReplyDialog({ reply }: { reply: { id: number; postId: number; reportedByMe: boolean; author: { username: string } } }) {
  return (
    <ReportDialogFor
      what="reply"
      fieldId={`report-reason-reply-${reply.id}`}
      reported={reply.reportedByMe}
      report={useReportReply(reply)}
      // Several replies share a page: the buttons say whose reply each one reports.
      srContext={` ${reply.author.username}'s reply`}
    />
  );
}

function ReportDialogFor({
  what,
  fieldId,
  reported,
  report,
  srContext,
}: {
  what: 'post' | 'reply';
  fieldId: string;
  reported: boolean;
  report: UseMutationResult<ReportResult, Error, string>;
  srContext?: string;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  // The server's refusal, above the Report button in the dialog until the next try (issue #25).
  const [failure, setFailure] = useState<string>();

  if (reported) {
    return (
      <Button variant="ghost" disabled className="text-slate-600">
        <Flag className="h-4 w-4" aria-hidden />
        Reported
        {srContext && <span className="sr-only">{srContext}</span>}
      </Button>
    );
  }
  const send = () => {
    const parsed = reportInputSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setFailure(undefined);
    report.mutate(parsed.data.reason ?? '', {
      onSuccess: (result) => {
        setOpen(false);
        toast(
          result.alreadyReported
            ? { title: 'Already reported', description: `You reported this ${what} before. A moderator will review it.` }
            : { title: 'Content Reported', description: `Thank you. A moderator will review this ${what}.` },
        );
      },
      onError: (err) => setFailure(errorMessage(err)),
    });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setFailure(undefined);
      }}
      title={`Report this ${what}?`}
      description="The moderators will look at it. Tell them what is wrong if you like."
      trigger={
        <Button variant="ghost" className="text-slate-700">
          <Flag className="h-4 w-4" aria-hidden />
          Report
          {srContext && <span className="sr-only">{srContext}</span>}
        </Button>
      }
    >
      <div className="space-y-4">
        <Field id={fieldId} label="Reason (optional)" error={error}>
          <Textarea
            id={fieldId}
            rows={3}
            value={reason}
            maxLength={REPORT_REASON_MAX + 20}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={describedBy(fieldId, { error })}
            className="min-h-20"
          />
        </Field>
        {failure && (
          <FormAlert id={`${fieldId}-failure`} title="Not reported">
            {failure}
          </FormAlert>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={report.isPending} onClick={send} aria-describedby={failure && `${fieldId}-failure`}>
            {report.isPending ? 'Sending…' : `Report ${what}`}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
