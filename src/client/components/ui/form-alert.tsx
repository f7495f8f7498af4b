import type { ReactNode } from 'react';

/**
 * A refusal about no one field (the server's, or a rule across fields): shown just above the
 * button it answers, which points at it with `aria-describedby={id}`, and it stays until the next
 * try. A toast went after a few seconds and, on a phone, sat far from the form (issue #25).
 */
export function FormAlert({ id, title, children }: { id: string; title?: string; children: ReactNode }) {
  return (
    <div id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {title && <p className="font-semibold">{title}</p>}
      <p>{children}</p>
    </div>
  );
}
