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

/**
 * The same message is read many times in one turn (intent, moment, facts, diagnosis, wording):
 * the last few normalisations are kept, as the profile of a turn showed this function on top.
 */
const NORMALIZED = new Map<string, string>();
const NORMALIZED_MAX = 512;

export function normalize(text: string): string {
  const known = NORMALIZED.get(text);
  if (known !== undefined) return known;
  const out = normalizeUncached(text);
  if (NORMALIZED.size >= NORMALIZED_MAX) NORMALIZED.clear();
  NORMALIZED.set(text, out);
  return out;
}

/**
 * `read`, with its answers for the last `max` texts kept: for readings that depend on the text
 * alone. A turn reads the same message in several places, and a turn whose technique's section
 * was not among its passages runs once more with the citation (playbook-engine.ts), reading the
 * same message and profile again. Callers must not mutate what they get.
 */
export function perText<R>(read: (text: string) => R, max = 64): (text: string) => R {
  const known = new Map<string, R>();
  return (text) => {
    if (known.has(text)) return known.get(text) as R;
    const out = read(text);
    if (known.size >= max) known.delete(known.keys().next().value as string);
    known.set(text, out);
    return out;
  };
}

function normalizeUncached(text: string): string {
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

/**
 * What the rep says is going well is not where the call breaks down: "prospecting is fine,
 * discovery is solid, but when I ask for the order…" is about the close. Clauses that only
 * report a strength are set aside before the diagnosis; if nothing else is left, the text is
 * kept whole.
 */
const STRENGTH_CLAUSE = [
  /^(?:honestly |actually |look |so |ok |okay )?(?:[\w'-]+ ){0,7}(?:is|are|was|were|goes|go|feels|feel|seems) (?:all |actually |honestly |really |pretty |totally |usually |mostly |generally |super )?(?:fine|solid|good|great|well|okay|ok|strong|decent|full|not the problem|not an issue|not my problem|no problem)$/,
  /^(?:honestly |actually |and )?i(?:'m| am) (?:okay|ok|good|fine|great|decent|solid|pretty good|not bad|comfortable) (?:at|with)(?: [\w'-]+){1,6}$/,
  /^(?:[\w'-]+ ){1,8}gets? (?:good|great|positive|nice) (?:feedback|reviews|reactions)$/,
  /^(?:my |our |the )?(?:pipeline|calendar|diary|funnel) is (?:full|packed|healthy|strong)(?: .*)?$/,
];

export function withoutStrengths(text: string): string {
  const clauses = text.split(/(?<=[.;:!?,])\s+|\s+(?=\b(?:but|and)\b)/i);
  const kept = clauses.filter((clause) => {
    const plain = clause.toLowerCase().replace(/[\u2018\u2019]/g, "'").replace(/[.;:!?,]+$/, '').replace(/^(?:but|and) /, '').trim();
    return !STRENGTH_CLAUSE.some((re) => re.test(plain));
  });
  return kept.length > 0 && kept.length < clauses.length ? kept.join(' ') : text;
}
