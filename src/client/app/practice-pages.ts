/*
 * The weekly practice plan and the objection deck, loaded together (routes.tsx): a rep moves
 * between them, and one chunk costs the first chunk one preload-map entry instead of two.
 */
export { PracticePage } from '../features/practice/pages/practice-page';
export { DeckPage } from '../features/deck/pages/deck-page';
