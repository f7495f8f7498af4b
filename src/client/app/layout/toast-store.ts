import { useSyncExternalStore } from 'react';

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  durationMs?: number;
}

/** SPEC §2: only one toast is visible at a time, so the store holds one; a new toast replaces it. */
let current: ToastMessage | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(message: Omit<ToastMessage, 'id'>): void {
  current = { ...message, id: nextId++ };
  emit();
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
