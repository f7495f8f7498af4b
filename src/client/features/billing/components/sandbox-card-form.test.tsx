import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expiryInPast, formatCardNumber, formatExpiry } from '../lib/card-input';
import { SandboxCardForm, validateCard } from './sandbox-card-form';

afterEach(cleanup);

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const alerts = () => screen.queryAllByRole('alert').map((el) => el.textContent);

describe('the card inputs', () => {
  it('spaces the number in fours, puts the slash in MM/YY, and knows an expired month', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42x42')).toBe('4242 4242 4242');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('4')).toBe('04/');
    expect(formatExpiry('12', '1')).toBe('12/');
    // Backspace over the slash takes the month's last digit, instead of the slash coming straight back.
    expect(formatExpiry('12', '12/')).toBe('1');
    const now = new Date(2026, 10, 23);
    expect(expiryInPast('10/26', now)).toBe(true);
    expect(expiryInPast('11/26', now)).toBe(false);
    expect(expiryInPast('01/27', now)).toBe(false);
  });

  it("checks with the shared schema's messages, and an expiry in the past", () => {
    expect(validateCard({ number: '', expiry: '', cvc: '' })).toEqual({
      number: 'Your card number is incomplete.',
      expiry: "Your card's expiration date is incomplete.",
      cvc: "Your card's security code is incomplete.",
    });
    expect(validateCard({ number: '4242 4242 4242 4242', expiry: '01/20', cvc: '123' })).toEqual({ expiry: "Your card's expiration date is in the past." });
    expect(validateCard({ number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' })).toEqual({});
  });
});

describe('SandboxCardForm', () => {
  it('names each field for card autofill and shows the test card hint', () => {
    render(<SandboxCardForm payLabel="Subscribe" pending={false} onPay={vi.fn()} />);
    expect(screen.getByLabelText('Card number').getAttribute('autocomplete')).toBe('cc-number');
    expect(screen.getByLabelText('Expiry (MM/YY)').getAttribute('autocomplete')).toBe('cc-exp');
    expect(screen.getByLabelText('CVC').getAttribute('autocomplete')).toBe('cc-csc');
    expect(screen.getByTestId('sandbox-hint').textContent).toContain('Sandbox: use 4242 4242 4242 4242');
  });

  it('shows every message on an empty submit, focuses the first field, and pays nothing', () => {
    const onPay = vi.fn();
    render(<SandboxCardForm payLabel="Subscribe" pending={false} onPay={onPay} />);
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(alerts()).toEqual(['Your card number is incomplete.', "Your card's expiration date is incomplete.", "Your card's security code is incomplete."]);
    expect(document.activeElement).toBe(screen.getByLabelText('Card number'));
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(onPay).not.toHaveBeenCalled();

    // Correcting a field takes its message away.
    type('Card number', '4242424242424242');
    expect(alerts()).toEqual(["Your card's expiration date is incomplete.", "Your card's security code is incomplete."]);
  });

  it('hands over a valid card as typed, formatted', () => {
    const onPay = vi.fn();
    render(<SandboxCardForm payLabel="Subscribe" pending={false} onPay={onPay} />);
    type('Card number', '4242424242424242');
    type('Expiry (MM/YY)', '1240');
    type('CVC', '123');
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4242 4242 4242 4242');
    expect((screen.getByLabelText('Expiry (MM/YY)') as HTMLInputElement).value).toBe('12/40');
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(alerts()).toEqual([]);
    expect(onPay).toHaveBeenCalledWith({ number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' });
  });

  it("says 'Processing…' and cannot be submitted while a payment is under way", () => {
    const onPay = vi.fn();
    render(<SandboxCardForm payLabel="Subscribe" pending onPay={onPay} />);
    const pay = screen.getByRole<HTMLButtonElement>('button', { name: 'Processing…' });
    expect(pay.disabled).toBe(true);
    fireEvent.submit(pay.closest('form') as HTMLFormElement);
    expect(onPay).not.toHaveBeenCalled();
  });
});
