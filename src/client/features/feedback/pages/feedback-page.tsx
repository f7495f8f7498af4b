import { useState } from 'react';
import { Link } from 'wouter';
import { Bug, Lightbulb, MailCheck, MessageCircle, Timer } from 'lucide-react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FeedbackForm } from '../components/feedback-form';
import { useCurrentUser } from '../../../lib/api/current-user';
import { canGoBackInApp } from '../../../lib/in-app-history';

/** product §11: what happens to feedback once sent. */
function WhatHappensNext() {
  const steps = [
    { icon: Timer, text: 'We review every submission within 1-2 business days.' },
    { icon: Bug, text: 'Bug reports are prioritised by how severe they are.' },
    { icon: Lightbulb, text: 'Feature requests are evaluated for future releases.' },
    { icon: MessageCircle, text: 'We may contact you for clarification if you left an email.' },
  ];
  return (
    <Card className="border-blue-200 bg-blue-50">
      <h3 className="text-base font-semibold text-blue-950">What happens next?</h3>
      <ul className="mt-3 space-y-2">
        {steps.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-start gap-2 text-sm text-blue-950">
            <Icon className="mt-0.5 h-4 w-4 shrink-0 text-blue-700" aria-hidden />
            {text}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** product §11's confirmation screen after a successful submission. */
function Submitted({ onMore }: { onMore: () => void }) {
  const { data: user } = useCurrentUser();
  // A visitor has no chat: back where they came from, or to the welcome page, and said so (issue #25).
  const back = user
    ? { href: '/chat', label: 'Back to AI Chat', byHistory: false }
    : canGoBackInApp()
      ? { href: '/', label: 'Go back', byHistory: true }
      : { href: '/', label: 'Back to the welcome page', byHistory: false };
  return (
    <Card className="space-y-4 text-center">
      <MailCheck className="mx-auto h-12 w-12 text-green-600" aria-hidden />
      <h2 className="text-2xl font-bold tracking-tight text-slate-900">Feedback Submitted!</h2>
      <p className="text-slate-600">Thank you for taking the time to help us improve. We will review it within 1-2 business days.</p>
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <Link
          href={back.href}
          onClick={(e) => {
            if (!back.byHistory) return;
            e.preventDefault();
            history.back();
          }}
          className={buttonClasses('primary', 'md')}
        >
          {back.label}
        </Link>
        <Button variant="secondary" onClick={onMore}>
          Submit More Feedback
        </Button>
      </div>
    </Card>
  );
}

/** /feedback (product §11): open to everyone; a signed-in user's feedback is sent as theirs. */
export function FeedbackPage() {
  const [sent, setSent] = useState(false);
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-6">
      {sent ? (
        <Submitted onMore={() => setSent(false)} />
      ) : (
        <>
          <div className="space-y-1">
            <h2 className="text-2xl font-bold tracking-tight text-slate-900">Share your feedback</h2>
            <p className="text-slate-600">Found a bug, missing a feature, or have an idea? Tell us: every message is read.</p>
          </div>
          <Card>
            <FeedbackForm onSent={() => setSent(true)} />
          </Card>
          <WhatHappensNext />
        </>
      )}
    </div>
  );
}
