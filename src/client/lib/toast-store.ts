import { useSyncExternalStore } from 'react';

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  durationMs?: number;
}

/** product §13.3: only one toast is visible at a time, so the store holds one; a new toast replaces it. */
let current: ToastMessage | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Shows `message` in place of any current toast; the id lets the caller dismiss it early. */
export function toast(message: Omit<ToastMessage, 'id'>): number {
  current = { ...message, id: nextId++ };
  emit();
  return current.id;
}

export function dismissToast(id: number): void {
  if (current?.id === id) {
    current = null;
    emit();
  }
}

export function useCurrentToast(): ToastMessage | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}
