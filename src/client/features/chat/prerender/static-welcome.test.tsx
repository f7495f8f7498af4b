// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME_SLOT, STATIC_WELCOME_ID } from '#shared/chat-welcome';
import { renderStaticWelcome } from './static-welcome';

describe('the welcome prerendered for /chat', () => {
  const html = renderStaticWelcome();
  document.body.innerHTML = html;
  const dialog = document.getElementById(STATIC_WELCOME_ID);

  it('is an open native dialog, named by its title, with a slot for the product name', () => {
    expect(dialog?.tagName).toBe('DIALOG');
    expect(dialog?.hasAttribute('open')).toBe(true);
    const title = document.getElementById(dialog?.getAttribute('aria-labelledby') ?? '');
    expect(title?.textContent).toBe(`Welcome to ${PRODUCT_NAME_SLOT}`);
    expect(html.split(PRODUCT_NAME_SLOT)).toHaveLength(2);
  });

  it('closes without any script: every button submits its method="dialog" form', () => {
    const form = dialog?.querySelector('form');
    expect(form?.getAttribute('method')).toBe('dialog');
    const buttons = [...(dialog?.querySelectorAll('button') ?? [])];
    expect(buttons.map((b) => b.textContent || b.getAttribute('aria-label'))).toEqual(['Start Free Coaching', 'Close']);
    for (const button of buttons) {
      expect(button.getAttribute('type')).toBe('submit');
      expect(button.closest('form')).toBe(form);
    }
    expect(html).not.toMatch(/<script|\son[a-z]+=/i);
  });
});
