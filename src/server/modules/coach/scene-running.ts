import type { HistoryMessage } from './engine.js';

/**
 * True when the coach's latest message left a role-play scene running, so the rep's next message
 * is their line as the seller, not a story about a buyer. The built-in coach keeps `phase:
 * 'roleplay'` (or a play's scene) in its state while the scene goes on; the model keeps
 * `roleplayStep` 'start' or 'continue'; the feedback that ends a scene has neither. Older rows
 * without a state: a scene turn names no method while it runs (playbook/dialogue.ts asRolePlay).
 */
export function sceneRunning(history: readonly HistoryMessage[]): boolean {
  const last = history.findLast((m) => m.role === 'assistant');
  if (!last || last.coaching?.rolePlay !== true) return false;
  const state = last.state;
  if (!state) return !last.coaching.method;
  const play = state.play;
  const playScene = typeof play === 'object' && play !== null && (play as { scene?: unknown }).scene != null;
  return state.phase === 'roleplay' || playScene || state.roleplayStep === 'start' || state.roleplayStep === 'continue';
}
