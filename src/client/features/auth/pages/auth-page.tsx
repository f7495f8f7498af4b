import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { Logo } from '../../../components/logo';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast-store';
import { usePublicConfig } from '../../../lib/api/config';
import { useCurrentUser } from '../../../lib/api/current-user';
import { homePathFor } from '../../../lib/home-path';
import { useSignIn } from '../api/sign-in';
import { useSignUp } from '../api/sign-up';
import { SignInForm } from '../components/sign-in-form';
import { SignUpForm } from '../components/sign-up-form';

/** /auth (sign in first) and /signup (create account first): one card that toggles (SPEC §2 Auth). */
export function AuthPage({ initialMode }: { initialMode: 'signin' | 'signup' }) {
  const [mode, setMode] = useState(initialMode);
  const [, navigate] = useLocation();
  const { productName } = usePublicConfig();
  const { data: user } = useCurrentUser();
  const signIn = useSignIn();
  const signUp = useSignUp();

  // Already signed in (for example a second tab): go where a sign-in would have gone.
  useEffect(() => {
    if (user && !signIn.isPending && !signUp.isPending) navigate(homePathFor(user), { replace: true });
  }, [user, navigate, signIn.isPending, signUp.isPending]);

  return (
    <div className="flex min-h-screen items-center justify-center bg-gradient-to-b from-blue-50 to-white px-4 py-10">
      <Card className="w-full max-w-md space-y-6 p-6">
        <div className="flex flex-col items-center gap-2 text-center">
          <Logo />
          <h1 className="text-2xl font-bold">{mode === 'signin' ? 'Welcome Back' : 'Create Account'}</h1>
          <p className="text-sm text-slate-600">
            {mode === 'signin' ? `Sign in to continue your coaching with ${productName}.` : 'Start your sales coaching journey today.'}
          </p>
        </div>
        {/* Remounting on toggle resets both forms (SPEC §4). */}
        {mode === 'signin' ? (
          <SignInForm
            key="signin"
            pending={signIn.isPending}
            onSubmit={(input) =>
              signIn.mutate(input, {
                onSuccess: (u) => {
                  toast({ title: 'Welcome back!', description: "You've successfully signed in." });
                  navigate(homePathFor(u));
                },
                onError: (err) => toast({ title: 'Sign in failed', description: errorMessage(err), variant: 'destructive' }),
              })
            }
          />
        ) : (
          <SignUpForm
            key="signup"
            pending={signUp.isPending}
            onSubmit={(input) =>
              signUp.mutate(input, {
                onSuccess: () => {
                  toast({ title: 'Account created successfully!', description: `Welcome to ${productName}. Let's get you started with onboarding.` });
                  navigate('/onboarding');
                },
                onError: (err) => toast({ title: 'Sign up failed', description: errorMessage(err), variant: 'destructive' }),
              })
            }
          />
        )}
        <p className="text-center text-sm text-slate-600">
          {mode === 'signin' ? "Don't have an account?" : 'Already have an account?'}{' '}
          <Button variant="link" className="h-auto" onClick={() => setMode(mode === 'signin' ? 'signup' : 'signin')}>
            {mode === 'signin' ? 'Sign up' : 'Sign in'}
          </Button>
        </p>
      </Card>
    </div>
  );
}
