import type { CallResult } from '#shared/schemas/progress';

/**
 * How each call result looks wherever it shows (the chooser, a logged outcome, the charts): one
 * colour per result, dark enough for its text on white (WCAG AA), and told apart by its label
 * too, never by colour alone.
 */
export const RESULT_STYLE: Record<CallResult, { color: string; text: string; chosen: string }> = {
  won: { color: '#15803d', text: 'text-green-800', chosen: 'border-green-600 bg-green-50 text-green-900' },
  moved_forward: { color: '#2563eb', text: 'text-blue-800', chosen: 'border-blue-600 bg-blue-50 text-blue-900' },
  stalled: { color: '#d97706', text: 'text-amber-800', chosen: 'border-amber-600 bg-amber-50 text-amber-900' },
  lost: { color: '#64748b', text: 'text-slate-700', chosen: 'border-slate-600 bg-slate-100 text-slate-900' },
};
