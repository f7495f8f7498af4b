import { Component, type ReactNode } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { PASSWORD_RULES, signInSchema, signUpSchema } from '#shared/schemas/auth';
import { json, stubFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/make-user';
import { renderWithApp } from '../../../test/render';

/*
 * The auth forms paint before their validation (zod, react-hook-form) has loaded. These tests
 * hold that module back to check the card works without it, then let it through and check the
 * messages are the shared schema's own.
 */
const hold = { gate: Promise.resolve(), release: () => {}, fail: false };

function holdValidation() {
  hold.gate = new Promise<void>((resolve) => {
    hold.release = resolve;
  });
}

/** Fresh copies of the forms, whose validation has not been loaded by an earlier test. */
async function loadForms() {
  vi.resetModules();
  vi.doMock('./auth-validation', async (importOriginal) => {
    await hold.gate;
    if (hold.fail) throw new TypeError('Failed to fetch dynamically imported module');
    return importOriginal();
  });
  const [signIn, signUp, form] = await Promise.all([import('./sign-in-form'), import('./sign-up-form'), import('./auth-form')]);
  return { SignInForm: signIn.SignInForm, SignUpForm: signUp.SignUpForm, authValidation: form.authValidation };
}

/** Stands in for the page's error boundary (app/lazy-page.tsx), which a feature does not import. */
class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>The page failed</p> : this.props.children;
  }
}

/** The shared schema's first message for each field, which is what the form shows under it. */
function schemaMessages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  const first = new Map<PropertyKey, string>();
  for (const issue of result.error?.issues ?? []) if (!first.has(issue.path[0] ?? '')) first.set(issue.path[0] ?? '', issue.message);
  return [...first.values()];
}

const alerts = () => screen.queryAllByRole('alert').map((el) => el.textContent);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const fetchMock = stubFetch();

beforeEach(() => {
  hold.gate = Promise.resolve();
  hold.fail = false;
});

describe('the sign-up form before its validation has loaded', () => {
  it('shows its fields and the password rules, keeps what is typed, and holds an early submit for the schema to check', async () => {
    holdValidation();
    const { SignUpForm, authValidation } = await loadForms();
    renderWithApp(<SignUpForm onSignedUp={vi.fn()} onFailed={vi.fn()} />);
    expect(screen.getByLabelText('Username')).toBeTruthy();
    expect(screen.getByText(PASSWORD_RULES)).toBeTruthy();

    const typed = { username: 'ab', email: 'not-an-email', password: 'short' };
    type('Username', typed.username);
    type('Email', typed.email);
    type('Password', typed.password);
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(authValidation.loaded()).toBeUndefined();
    expect(alerts()).toEqual([]);

    hold.release();
    await waitFor(() => expect(alerts()).toEqual(schemaMessages(signUpSchema, typed)));
    // The messages people saw before the split (e2e/auth.spec.ts checks the same).
    expect(alerts()).toEqual(['Username must be at least 3 characters', 'Invalid email address', 'Password must be at least 8 characters']);
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('ab');
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a valid early submit once the validation has checked it', async () => {
    holdValidation();
    const { SignUpForm, authValidation } = await loadForms();
    const user = makeUser({ username: 'new_rep' });
    fetchMock.mockResolvedValue(json(user, 201));
    const onSignedUp = vi.fn();
    renderWithApp(<SignUpForm onSignedUp={onSignedUp} onFailed={vi.fn()} />);
    type('Username', ' new_rep ');
    type('Email', 'new_rep@example.com');
    type('Password', 'a-long-enough-password');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(authValidation.loaded()).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();

    hold.release();
    await waitFor(() => expect(onSignedUp).toHaveBeenCalledWith(user));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/signup');
    // What the schema made of the input (the username trimmed), not the raw fields.
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'new_rep', email: 'new_rep@example.com', password: 'a-long-enough-password' });
  });
});

describe('when the validation is fetched', () => {
  it('once the browser is idle, or at once when the form is first touched', async () => {
    // An idle moment that never comes: only touching the form can ask for the validation.
    vi.stubGlobal('requestIdleCallback', vi.fn(() => 1));
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const { SignInForm, authValidation } = await loadForms();
    renderWithApp(<SignInForm onSignedIn={vi.fn()} onFailed={vi.fn()} />);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(window.requestIdleCallback).toHaveBeenCalled();
    expect(authValidation.loaded()).toBeUndefined();
    fireEvent.focusIn(screen.getByLabelText('Email or username'));
    await waitFor(() => expect(authValidation.loaded()).toBeDefined());
  });
});

describe('the auth forms with their validation loaded', () => {
  it('sign-in: an empty submit shows the schema messages, focuses the first field and sends nothing', async () => {
    const { SignInForm, authValidation } = await loadForms();
    renderWithApp(<SignInForm onSignedIn={vi.fn()} onFailed={vi.fn()} />);
    await waitFor(() => expect(authValidation.loaded()).toBeDefined());
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(alerts()).toEqual(schemaMessages(signInSchema, { emailOrUsername: '', password: '' })));
    expect(alerts()).toEqual(['Email or username is required', 'Password is required']);
    expect(document.activeElement).toBe(screen.getByLabelText('Email or username'));
    expect(fetchMock).not.toHaveBeenCalled();
    // After a failed submit each field is checked again as it changes, as before.
    type('Email or username', 'rep_test');
    await waitFor(() => expect(alerts()).toEqual(['Password is required']));
  });

  it('sign-up: a refusal that names a field shows under it alone, not again above the button', async () => {
    const { SignUpForm } = await loadForms();
    fetchMock.mockResolvedValue(json({ message: 'That username is already taken.', errors: { username: ['That username is already taken.'] } }, 409));
    const onFailed = vi.fn();
    renderWithApp(<SignUpForm onSignedUp={vi.fn()} onFailed={onFailed} />);
    type('Username', 'taken_name');
    type('Email', 'taken@example.com');
    type('Password', 'a-long-enough-password');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(alerts()).toEqual(['That username is already taken.']));
    expect(onFailed).not.toHaveBeenCalled();
  });

  it("sign-up through a friend's link says so, and promises the newcomer no reward the rules do not give", async () => {
    fetchMock.mockResolvedValue(json({ valid: true }));
    const { SignUpForm } = await loadForms();
    renderWithApp(<SignUpForm onSignedUp={vi.fn()} onFailed={vi.fn()} />, { path: '/auth?mode=signup&ref=FRIEND42' });
    const note = await screen.findByTestId('referral-note');
    expect(note.textContent).toContain('A friend invited you.');
    expect(note.textContent).toContain('your friend may earn a free month of Pro');
  });

  it('sign-up through a link whose code no account has says nothing of a friend (issue #25)', async () => {
    fetchMock.mockResolvedValue(json({ valid: false }));
    const { SignUpForm, authValidation } = await loadForms();
    renderWithApp(<SignUpForm onSignedUp={vi.fn()} onFailed={vi.fn()} />, { path: '/auth?mode=signup&ref=NOSUCHCODE' });
    await waitFor(() => expect(authValidation.loaded()).toBeDefined());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith(expect.stringContaining('/api/referral/codes/NOSUCHCODE'), expect.anything()));
    // Let the answer arrive and render before looking.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('referral-note')).toBeNull();
  });

  it('sign-up without a referral link says nothing of one', async () => {
    const { SignUpForm, authValidation } = await loadForms();
    renderWithApp(<SignUpForm onSignedUp={vi.fn()} onFailed={vi.fn()} />);
    await waitFor(() => expect(authValidation.loaded()).toBeDefined());
    expect(screen.queryByTestId('referral-note')).toBeNull();
  });

  it("hands the page's error boundary the failure when the validation cannot be fetched", async () => {
    hold.fail = true;
    const { SignInForm } = await loadForms();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithApp(
      <Boundary>
        <SignInForm onSignedIn={vi.fn()} onFailed={vi.fn()} />
      </Boundary>,
    );
    expect(await screen.findByText('The page failed')).toBeTruthy();
    quiet.mockRestore();
  });
});
