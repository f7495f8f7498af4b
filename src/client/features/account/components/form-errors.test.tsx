import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch-mock';
import { DeleteAccountDialog } from './delete-account-dialog';
import { EmailForm } from './email-form';
import { PasswordForm } from './password-form';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/toast-store', () => ({ toast }));

// Issue #25: when the server refuses without naming a field, the reason sits above the form's
// button, is read with it, and stays; it is not a toast.
const fetchMock = stubFetch();
const REFUSAL = 'The service is busy. Please try again.';
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function renderWith(ui: ReactNode) {
  fetchMock.mockResolvedValue(new Response(JSON.stringify({ message: REFUSAL }), { status: 503, headers: { 'content-type': 'application/json' } }));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <Router hook={memoryLocation({ path: '/account' }).hook}>{ui}</Router>
    </QueryClientProvider>,
  );
}

async function expectRefusalBy(buttonName: string) {
  const button = screen.getByRole('button', { name: buttonName });
  fireEvent.click(button);
  const text = await screen.findByText(REFUSAL);
  const note = text.closest('[role="alert"]');
  expect(note).not.toBeNull();
  expect(button.getAttribute('aria-describedby')).toBe(note?.id);
  expect(toast).not.toHaveBeenCalled();
}

describe('account forms: a refusal about no field', () => {
  it('email', async () => {
    renderWith(<EmailForm currentEmail="rep@example.com" />);
    type('New email', 'new@example.com');
    type('Current password', 'Quota-Crusher-2026');
    await expectRefusalBy('Change email');
  });

  it('password', async () => {
    renderWith(<PasswordForm account={{ username: 'Pipeline_Pro', email: 'jordan@example.com' }} />);
    type('Current password', 'Quota-Crusher-2026');
    type('New password', 'Fresh-Pipeline-2027');
    type('Confirm new password', 'Fresh-Pipeline-2027');
    await expectRefusalBy('Change password');
  });

  it('delete account, in its dialog', async () => {
    renderWith(<DeleteAccountDialog />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    type('Type DELETE to confirm', 'DELETE');
    type('Your password', 'Quota-Crusher-2026');
    await expectRefusalBy('Delete forever');
  });
});
