import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RULES } from '#shared/schemas/auth-rules';
import { PASSWORDS_DIFFER } from '#shared/schemas/account';
import { PASSWORD_IS_IDENTITY } from '#shared/schemas/password-identity';
import { stubFetch } from '../../../test/fetch-mock';
import { renderWithApp } from '../../../test/render';
import { PasswordForm } from './password-form';

const fetchMock = stubFetch();
const account = { username: 'Pipeline_Pro', email: 'Jordan.Closer@example.com' };

function renderForm() {
  renderWithApp(<PasswordForm account={account} />);
}

describe('the password change form', () => {
  it('says under the field, before sending anything, that the username or email cannot be the password', async () => {
    renderForm();
    expect(screen.getByText(PASSWORD_RULES)).toBeTruthy();
    for (const newPassword of ['PIPELINE_PRO', 'jordan.closer@example.com', 'Jordan.Closer']) {
      fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Quota-Crusher-2026' } });
      fireEvent.change(screen.getByLabelText('New password'), { target: { value: newPassword } });
      fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: newPassword } });
      fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(PASSWORD_IS_IDENTITY));
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('wants the new password twice, says a mismatch at the confirmation, and sends only the change', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ ok: true }), { status: 200 }));
    renderForm();
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Quota-Crusher-2026' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Fresh-Pipeline-2027' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'Fresh-Pipeline-2072' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const confirm = screen.getByLabelText('Confirm new password');
    await waitFor(() => expect(confirm.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(confirm.getAttribute('aria-describedby') ?? '')?.textContent).toBe(PASSWORDS_DIFFER);
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(confirm, { target: { value: 'Fresh-Pipeline-2027' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ currentPassword: 'Quota-Crusher-2026', newPassword: 'Fresh-Pipeline-2027' });
  });

  it('shows and hides what was typed with one labelled toggle that says its state', () => {
    renderForm();
    const toggle = screen.getByRole('button', { name: 'Show passwords' });
    const fields = ['Current password', 'New password', 'Confirm new password'].map((label) => screen.getByLabelText(label));
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(fields.map((f) => f.getAttribute('type'))).toEqual(['password', 'password', 'password']);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(fields.map((f) => f.getAttribute('type'))).toEqual(['text', 'text', 'text']);
  });
});
