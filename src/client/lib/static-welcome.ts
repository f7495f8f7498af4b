import { STATIC_WELCOME_ID } from '#shared/chat-welcome';

/**
 * The chat's welcome as the server sent it in /chat's HTML (ADR 0009), while it is still there:
 * the app's own dialog replaces it once loaded, and any other page removes it.
 */
export function staticWelcome(): HTMLDialogElement | null {
  const element = document.getElementById(STATIC_WELCOME_ID);
  return element instanceof HTMLDialogElement ? element : null;
}

export function removeStaticWelcome(): void {
  staticWelcome()?.remove();
}
