import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { formatMonthly, formatPrice } from '#shared/plans';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { toast } from '../../../lib/toast-store';
import { useSignOut } from '../../../lib/api/sign-out';
import { usePublicConfig } from '../../../lib/api/config';
import { usePlans } from '../../../lib/api/plans';
import { useBilling } from '../../../lib/api/billing';
import { useCurrentUser } from '../../../lib/api/current-user';
import { basicUpgradeNote } from '../../../lib/basic-upgrade-note';
import { SubscriptionBlock } from '../components/subscription-block';
import { PlanBadge } from '../components/plan-badge';
import { DeleteAccountDialog } from '../components/delete-account-dialog';
import { EmailForm } from '../components/email-form';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';

/** A link in a list, 44 px tall so each is easy to tap. */
const LEGAL_LINK = 'inline-flex min-h-11 items-center text-blue-700 underline-offset-4 hover:underline';

/** A card whose body opens on demand, so the account page stays short on a phone. */
function EditSection({ title, summary, children }: { title: string; summary: string; children: ReactNode }) {
  return (
    <details className="group rounded-xl border border-slate-200 bg-white shadow-sm">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl p-5">
        <span>
          <span className="block text-lg font-semibold text-slate-900">{title}</span>
          <span className="block text-sm text-slate-600">{summary}</span>
        </span>
        <span aria-hidden className="text-slate-500 transition-transform group-open:rotate-90">
          ›
        </span>
      </summary>
      <div className="border-t border-slate-100 p-5">{children}</div>
    </details>
  );
}

/** product §10.1: who you are, your plan, legal and support, Log Out. */
export function AccountPage() {
  const { data: user } = useCurrentUser();
  const plans = usePlans();
  // The launch special is once per account: named here only while this account may still use it.
  const billing = useBilling().data;
  const promoAvailable = billing?.promoAvailable === true;
  // What Pro does to a running Basic, said here too, before the user heads to pay.
  const replacesBasic = billing ? basicUpgradeNote(plans, billing) : null;
  const { supportEmail } = usePublicConfig();
  const signOut = useSignOut();
  const [, navigate] = useLocation();

  // The route's guard (app/require-user.tsx) lets only a signed-in user in; null covers the moment of signing out.
  if (!user) return null;

  const logOut = () =>
    signOut.mutate(undefined, {
      onSettled: () => {
        toast({ title: 'Logged out' });
        // Replace: Back from the welcome page must not reopen a page that needs the account.
        navigate('/', { replace: true });
      },
    });

  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-6">
      <Card className="space-y-3">
        <CardTitle>Profile</CardTitle>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-slate-500">Username</dt>
          <dd className="font-medium" data-testid="account-username">{user.username}</dd>
          <dt className="text-slate-500">Email</dt>
          <dd className="font-medium">{user.email}</dd>
          <dt className="text-slate-500">Status</dt>
          <dd>
            <PlanBadge user={user} />
          </dd>
          {/* A count, not "used": no plan limits these (the free plan's weekly chat is counted in the chat). */}
          <dt className="text-slate-500">Conversations with your coach</dt>
          <dd className="font-medium">{user.sessionCount}</dd>
        </dl>
        <Link href="/progress" className={LEGAL_LINK}>
          See your progress and call outcomes
        </Link>
      </Card>

      <SubscriptionBlock />

      {/* Free, trial and Basic users: the way to Pro (product §10.1). */}
      {!user.hasProAccess && !user.isAdmin && (
        <Card className="border-purple-200 bg-purple-50">
          <CardTitle>
            Upgrade to Pro - {formatMonthly(plans.pro.priceCents)}
          </CardTitle>
          <CardDescription className="mt-1">{plans.pro.gives}.</CardDescription>
          {promoAvailable && (
            <p data-testid="promo-teaser" className="mt-2 text-sm font-medium text-purple-900">
              {plans.proPromo.name}: {formatPrice(plans.proPromo.priceCents)} your first month
            </p>
          )}
          {replacesBasic && (
            <p data-testid="replaces-basic" className="mt-2 text-sm text-slate-700">
              {replacesBasic}
            </p>
          )}
          <Link href="/upgrade" className={buttonClasses('primary', 'md', 'mt-3')}>
            Upgrade to Pro
          </Link>
        </Card>
      )}

      <EditSection title="Sales profile" summary="Your answers from onboarding: the coach tailors its advice to them.">
        <ProfileForm user={user} />
      </EditSection>
      <EditSection title="Email" summary="Change the address you sign in with.">
        <EmailForm currentEmail={user.email} />
      </EditSection>
      <EditSection title="Password" summary="Changing it signs you out on every other device.">
        <PasswordForm account={user} />
      </EditSection>

      <Card className="space-y-3">
        <CardTitle>Your data</CardTitle>
        <CardDescription>
          Download everything we hold about you as one JSON file: your account, profile, conversations (also as readable
          transcripts), feedback and payments.
        </CardDescription>
        <div className="flex flex-wrap gap-2">
          <a href="/api/account/export" download className={buttonClasses('secondary')}>
            Export my data
          </a>
          <DeleteAccountDialog />
        </div>
      </Card>

      <Card className="space-y-2">
        <CardTitle>Legal and Support</CardTitle>
        <ul className="space-y-1 text-sm">
          <li>
            <Link href="/privacy-policy" className={LEGAL_LINK}>
              Privacy Policy
            </Link>
          </li>
          <li>
            <Link href="/terms-of-service" className={LEGAL_LINK}>
              Terms of Service
            </Link>
          </li>
          <li>
            <Link href="/feedback" className={LEGAL_LINK}>
              Send Feedback
            </Link>
          </li>
          {user.isAdmin && (
            <li>
              <Link href="/admin" className={LEGAL_LINK}>
                Admin Panel
              </Link>
            </li>
          )}
          <li className="text-slate-600">
            Support:{' '}
            <a href={`mailto:${supportEmail}`} className={LEGAL_LINK}>
              {supportEmail}
            </a>
          </li>
        </ul>
      </Card>

      <Button variant="destructive" className="w-full" onClick={logOut} disabled={signOut.isPending}>
        Log Out
      </Button>
    </div>
  );
}
