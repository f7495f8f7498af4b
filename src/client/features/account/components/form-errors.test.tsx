import { fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-mock';
import { renderWithApp } from '../../../test/render';
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

function renderWith(ui: ReactElement) {
  fetchMock.mockResolvedValue(json({ message: REFUSAL }, 503));
  renderWithApp(ui, { path: '/account' });
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
