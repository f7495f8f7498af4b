/**
 * Plain-words normalisation for the diagnosis: lower case, straight quotes, contractions spelt
 * out ("can't" → "can not"), punctuation to spaces, so the signal patterns can be written once
 * for the many ways reps phrase the same trouble.
 */
const CONTRACTIONS: Array<[RegExp, string]> = [
  [/\bcan't\b/g, 'can not'],
  [/\bwon't\b/g, 'will not'],
  [/\bain't\b/g, 'is not'],
  [/n't\b/g, ' not'],
  [/\bi'm\b/g, 'i am'],
  [/'re\b/g, ' are'],
  [/'ve\b/g, ' have'],
  [/'ll\b/g, ' will'],
  [/'d\b/g, ' would'],
  [/\b(it|that|there|what|he|she|who)'s\b/g, '$1 is'],
  [/'s\b/g, ''],
];

export function normalize(text: string): string {
  let s = text.toLowerCase().replace(/[\u2018\u2019\u02bc`]/g, "'").replace(/[\u201c\u201d]/g, '"');
  for (const [re, to] of CONTRACTIONS) s = s.replace(re, to);
  return ` ${s.replace(/[^a-z0-9%$ ]+/g, ' ').replace(/\s+/g, ' ').trim()} `;
}

/** True when the text reads as a question (a "how do I…" deserves an answer, not a counter-question). */
export function isDirectQuestion(raw: string): boolean {
  const s = normalize(raw);
  return (
    /\?\s*$/.test(raw.trim()) ||
    /^ (how|what|when|which|why|should|can|could|is there|any tips|give me|tell me|teach me|explain) /.test(s)
  );
}
