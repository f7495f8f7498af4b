import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RULES } from '../../../../shared/schemas/auth-rules';
import { PASSWORD_IS_IDENTITY } from '../../../../shared/schemas/password-identity';
import { stubFetch } from '../../../test/fetch-mock';
import { PasswordForm } from './password-form';

const fetchMock = stubFetch();
const account = { username: 'Pipeline_Pro', email: 'Jordan.Closer@example.com' };

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <PasswordForm account={account} />
    </QueryClientProvider>,
  );
}

describe('the password change form', () => {
  it('says under the field, before sending anything, that the username or email cannot be the password', async () => {
    renderForm();
    expect(screen.getByText(PASSWORD_RULES)).toBeTruthy();
    for (const newPassword of ['PIPELINE_PRO', 'jordan.closer@example.com', 'Jordan.Closer']) {
      fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Quota-Crusher-2026' } });
      fireEvent.change(screen.getByLabelText('New password'), { target: { value: newPassword } });
      fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(PASSWORD_IS_IDENTITY));
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
