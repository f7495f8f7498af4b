/** "Fri, Nov 27, 2:05 PM": when a card comes back. Minutes matter: a fumbled line returns the same sitting. */
export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** A card's strength (FSRS recall probability) as a rep reads it. */
export function strengthLabel(strength: number | null): string {
  return strength === null ? 'Not drilled yet' : `${Math.round(strength * 100)}% strong`;
}
