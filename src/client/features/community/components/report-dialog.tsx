import { useState } from 'react';
import { Flag } from 'lucide-react';
import { REPORT_REASON_MAX, reportInputSchema } from '../../../../shared/schemas/community';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { describedBy, Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/textarea';
import { errorMessage } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast-store';
import { useReportPost } from '../api/report-post';

/** Report: to the moderators' queue, with an optional reason; once per member per post. */
export function ReportDialog({ postId, reported }: { postId: number; reported: boolean }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const report = useReportPost(postId);

  if (reported) {
    return (
      <Button variant="ghost" disabled className="text-slate-600">
        <Flag className="h-4 w-4" aria-hidden />
        Reported
      </Button>
    );
  }
  const send = () => {
    const parsed = reportInputSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    report.mutate(parsed.data.reason ?? '', {
      onSuccess: (result) => {
        setOpen(false);
        toast(
          result.alreadyReported
            ? { title: 'Already reported', description: 'You reported this post before. A moderator will review it.' }
            : { title: 'Content Reported', description: 'Thank you. A moderator will review this post.' },
        );
      },
      onError: (err) => toast({ title: 'Not reported', description: errorMessage(err), variant: 'destructive' }),
    });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Report this post?"
      description="The moderators will look at it. Tell them what is wrong if you like."
      trigger={
        <Button variant="ghost" className="text-slate-700">
          <Flag className="h-4 w-4" aria-hidden />
          Report
        </Button>
      }
    >
      <div className="space-y-4">
        <Field id="report-reason" label="Reason (optional)" error={error}>
          <Textarea
            id="report-reason"
            rows={3}
            value={reason}
            maxLength={REPORT_REASON_MAX + 20}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={describedBy('report-reason', { error })}
            className="min-h-20"
          />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={report.isPending} onClick={send}>
            {report.isPending ? 'Sending…' : 'Report post'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
