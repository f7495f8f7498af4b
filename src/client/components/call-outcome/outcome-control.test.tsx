// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReplyOutcome } from '#shared/schemas/progress';
import { json, stubFetch } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render';
import { OutcomeControl } from './outcome-control';

const fetchMock = stubFetch();
const AT = '2026-01-15T12:00:00.000Z';

function renderControl(outcome: ReplyOutcome | null = null) {
  return renderWithApp(<OutcomeControl messageId={41} outcome={outcome} method="LAER" showNote />).client;
}

const requestOf = (call: Parameters<typeof fetch>) => ({ url: String(call[0]), method: call[1]?.method, body: call[1]?.body ? JSON.parse(String(call[1].body)) : undefined });

describe('OutcomeControl', () => {
  it('asks "Tried it?", refuses a save with no result without a request, then logs the choice with its trimmed note', async () => {
    renderControl();
    fireEvent.click(screen.getByRole('button', { name: 'Tried it? How did the call go? (LAER)' }));
    const form = screen.getByTestId('call-outcome-chooser');
    expect(within(form).getByRole('group', { name: 'How did the call go with LAER?' })).toBeTruthy();

    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByRole('alert').textContent).toMatch(/Choose how the call went/);
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValue(json({ messageId: 41, result: 'moved_forward', note: 'Demo booked', loggedAt: AT, updatedAt: AT }));
    fireEvent.click(within(form).getByLabelText('Moved forward'));
    fireEvent.change(within(form).getByLabelText('Note (optional)'), { target: { value: '  Demo booked  ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.getByTestId('call-outcome').textContent).toContain('Your call: Moved forward'));
    expect(screen.getByText('“Demo booked”')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(requestOf(fetchMock.mock.calls[0]!)).toEqual({ url: '/api/outcomes/41', method: 'PUT', body: { result: 'moved_forward', note: 'Demo booked' } });
  });

  it('shows a logged outcome, opens on it to change, and can take it back', async () => {
    renderControl({ result: 'stalled', note: null, loggedAt: AT, updatedAt: AT });
    expect(screen.getByTestId('call-outcome').textContent).toContain('Your call: Stalled');
    fireEvent.click(screen.getByRole('button', { name: 'Change how the call went (LAER)' }));
    const form = screen.getByTestId('call-outcome-chooser');
    expect((within(form).getByLabelText('Stalled') as HTMLInputElement).checked).toBe(true);

    fetchMock.mockResolvedValue(json({ messageId: 41, outcome: null }));
    fireEvent.click(within(form).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Tried it? How did the call go? (LAER)' })).toBeTruthy());
    expect(requestOf(fetchMock.mock.calls[0]!)).toMatchObject({ url: '/api/outcomes/41', method: 'DELETE' });
  });

  it("puts the server's field error under its field and keeps the chooser open", async () => {
    renderControl();
    fireEvent.click(screen.getByRole('button', { name: /Tried it\?/ }));
    const form = screen.getByTestId('call-outcome-chooser');
    fireEvent.click(within(form).getByLabelText('Won'));
    fetchMock.mockResolvedValue(json({ message: 'Keep the note to 500 characters.', errors: { note: ['Keep the note to 500 characters.'] }, code: 'invalid_input' }, 400));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Keep the note to 500 characters.')).toBeTruthy();
    expect(within(form).getByLabelText('Note (optional)').getAttribute('aria-invalid')).toBe('true');
  });

  it('renders a note as text, never as markup', () => {
    renderControl({ result: 'won', note: '<img src=x onerror=alert(1)>', loggedAt: AT, updatedAt: AT });
    expect(screen.getByText('“<img src=x onerror=alert(1)>”')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
  });
});
