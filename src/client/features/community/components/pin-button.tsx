import { Link } from 'wouter';
import { Pin, PinOff } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast-store';
import { usePinPost } from '../api/pin-post';

/**
 * Pin / Unpin on a post's page, for admins (the pin routes sit in the admin scope, so the
 * server also wants the panel unlocked). A refusal is shown under the button it is about,
 * with the way to the unlock when that is what is missing.
 */
export function PinButton({ postId, pinned }: { postId: number; pinned: boolean }) {
  const pin = usePinPost(postId);
  const locked = pin.error instanceof ApiRequestError && pin.error.body.code === 'admin_locked';
  const errorId = `pin-error-${postId}`;
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        variant="ghost"
        className="text-slate-700"
        disabled={pin.isPending}
        aria-describedby={pin.isError ? errorId : undefined}
        onClick={() =>
          pin.mutate(!pinned, {
            onSuccess: (result) =>
              toast(result.pinned ? { title: 'Post pinned', description: 'It now comes first in every sort.' } : { title: 'Post unpinned', description: 'It is back in its usual place.' }),
          })
        }
      >
        {pinned ? <PinOff className="h-4 w-4" aria-hidden /> : <Pin className="h-4 w-4" aria-hidden />}
        {pinned ? 'Unpin' : 'Pin'}
      </Button>
      {pin.isError && (
        <p id={errorId} role="alert" className="max-w-64 text-right text-sm text-red-700">
          {errorMessage(pin.error)}{' '}
          {locked && (
            <Link href="/admin" className="font-medium underline underline-offset-2">
              Open the admin panel
            </Link>
          )}
        </p>
      )}
    </div>
  );
}
