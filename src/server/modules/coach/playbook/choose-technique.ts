import { deniedMoments } from './play-moment.js';
import type { Topic } from '#shared/coaching.js';
import type { DialogueState } from './dialogue-state.js';
import type { Facts } from './facts.js';
import type { Motion } from './motion.js';
import { TECHNIQUES, techniquesFor, type Technique } from './techniques.js';
import { normalize } from './text.js';

/**
 * Which technique the coach teaches next: one that fits how the rep sells and what they
 * described, not given yet and not one they said they already tried.
 */

// Read through a widened type so this compiles whether or not a technique list declares motions.
const motionsOf = (t: Technique): readonly Motion[] | undefined => (t as Technique & { motions?: Motion[] }).motions;

/** Techniques of a topic that fit the rep's motion (or any motion). */
export function fitting(topic: Topic, facts: Facts): Technique[] {
  const all = techniquesFor(topic);
  const fits = all.filter((t) => fitsMotion(t, facts));
  return fits.length ? fits : all.filter((t) => !motionsOf(t));
}

/** A technique for any motion, or for the rep's own, or (motion unknown) for one they have not ruled out. */
function fitsMotion(t: Technique, facts: Facts): boolean {
  const motions = motionsOf(t);
  if (!motions) return true;
  if (facts.motion) return motions.includes(facts.motion);
  return !motions.every((m) => facts.notMotions.includes(m));
}

/** Each technique's situation pattern with the global flag matchAll needs, compiled once: this runs on every message. */
const GLOBAL_FITS = new Map(TECHNIQUES.flatMap((t) => (t.fits ? [[t.id, new RegExp(t.fits.source, t.fits.flags.includes('g') ? t.fits.flags : `${t.fits.flags}g`)] as const] : [])));

/** How much of the rep's words a technique's situation pattern covers: the characters of all its matches. */
function fitLength(t: Technique, s: string): number {
  const all = GLOBAL_FITS.get(t.id);
  if (!all) return 0;
  let n = 0;
  for (const m of s.matchAll(all)) n += m[0].trim().length;
  return n;
}

/** British and American spellings read alike ("neighbour", "neighbor"). */
const spelling = (text: string) => normalize(text).replace(/our\b/g, 'or');
const GENERIC = new Set(['thing', 'that', 'this', 'tried', 'with', 'them', 'they', 'line', 'people', 'already', 'have', 'does', 'work', 'works', 'the', 'your', 'just']);

/** Whether the rep said they already tried this technique ("tried the neighbor thing"): then it is not offered. */
export function alreadyTried(t: Technique, facts: Facts): boolean {
  if (!facts.tried.length) return false;
  const named = spelling(`${t.name} ${t.method}`);
  return facts.tried.some((x) => spelling(x).trim().split(' ').some((w) => w.length > 3 && !GENERIC.has(w) && named.includes(` ${w}`)));
}

/** The longest phrase of the rep's words a technique's situation pattern matches in one stretch. */
function longestFit(t: Technique, s: string): number {
  const all = GLOBAL_FITS.get(t.id);
  if (!all) return 0;
  let n = 0;
  // A phrase of several words, not one word that happens to sit in many messages ("different").
  for (const m of s.matchAll(all)) if (m[0].trim().includes(' ')) n = Math.max(n, m[0].trim().length);
  return n;
}

/** Characters of one match a technique from another topic needs to be chosen: a phrase, not a word. */
const CLEAR_FIT = 8;

/**
 * The technique for this turn: one that fits the motion, not given yet; after pushback, one with a
 * different method than the last. Among those, from the turn's topic and the others it touches
 * (`also`), the first that is made for the situation the rep described: what they say first
 * (`firstWords`) before the rest, and a technique made for their motion before a general one
 * (the spouse stall at a front door is met by the door-to-door answer, not the generic one).
 */
/** A technique for a price objection: made for "too expensive", or named after the price. */
const aboutPrice = (t: Technique) => /price|expensive/.test(t.id) || /price|expensive|too much/.test(t.fits?.source ?? '');

/** A method's own name, as a rep would say it: "Sandler · Up-front contract" → " up front contract ". */
const methodWords = (method: string) => normalize(method.split('·').at(-1) ?? method);

export function chooseTechnique(topic: Topic, words: string, state: DialogueState, facts: Facts, avoidMethod?: string, firstWords?: string, also: readonly Topic[] = []): Technique {
  // "It's not the price": a technique for a price objection answers what the rep just ruled out.
  const priceDenied = deniedMoments(`${firstWords ?? ''} ${words}`).includes('price');
  // A method taught once in this conversation is not taught again through another of its
  // techniques (issue #25: the up-front contract in turn 1 and again in turn 3), unless the rep
  // names it, asking for it again.
  const said = normalize(`${firstWords ?? ''} ${words}`);
  const taught = new Set(state.used.flatMap((id) => TECHNIQUES.find((t) => t.id === id)?.method ?? []));
  const repeats = (x: Technique) => taught.has(x.method) && !said.includes(methodWords(x.method));
  const poolOf = (t: Topic) => {
    const pool = fitting(t, facts).filter((x) => !alreadyTried(x, facts) && !(priceDenied && aboutPrice(x)));
    const unused = pool.filter((x) => !state.used.includes(x.id));
    const unrepeated = unused.filter((x) => !repeats(x));
    const fresh = unrepeated.length ? unrepeated : unused;
    let candidates = fresh.length ? fresh : pool;
    if (avoidMethod) {
      const other = candidates.filter((x) => x.method !== avoidMethod);
      const anyOther = pool.filter((x) => x.method !== avoidMethod);
      candidates = other.length ? other : anyOther.length ? anyOther : candidates;
    }
    return candidates;
  };
  const main = poolOf(topic);
  // Other topics lend only techniques not given yet: they widen the choice, they never repeat
  // one; and a technique given before comes after every fresh one, from whichever topic.
  const isFresh = (x: Technique) => !state.used.includes(x.id) && !repeats(x);
  const others = also.filter((t) => t !== topic).flatMap((t) => poolOf(t).filter(isFresh));
  const wider = [...main.filter(isFresh), ...others, ...main.filter((x) => !isFresh(x))];
  const forMotion = (t: Technique) => Boolean(facts.motion && motionsOf(t)?.includes(facts.motion));
  // What the rep first described picks the technique before anything said since ("I drop the
  // price" answers the coach's question; it does not make the problem a negotiation).
  // Techniques made for exactly what the rep describes may sit under another topic ("get both of
  // them there" is about booking, not the objection it came from; "he won't forward anything
  // from vendors" is about the champion, not discovery). They count only on a clear fit: a phrase
  // of the rep's words, not one word that sits in many messages.
  let elsewhere: Technique[] | undefined;
  const outsiders = () => (elsewhere ??= TECHNIQUES.filter((t) => t.fits && !wider.includes(t) && !state.used.includes(t.id) && !repeats(t) && t.method !== avoidMethod && fitsMotion(t, facts) && !alreadyTried(t, facts)));
  for (const text of [firstWords ?? '', words]) {
    if (!text.trim()) continue;
    const s = normalize(text);
    const matched = wider.filter((t) => t.fits?.test(s));
    // A fit whose method was taught already yields to one that teaches something new.
    const fits = matched.some((t) => !repeats(t)) ? matched.filter((t) => !repeats(t)) : matched;
    // Each technique's fit to these words, matched once: the comparisons below ask several times.
    const phraseOf = new Map<Technique, number>();
    const phrase = (t: Technique) => phraseOf.get(t) ?? phraseOf.set(t, longestFit(t, s)).get(t) ?? 0;
    // A phrase made for another topic beats words that only brush this one.
    const phraseHere = Math.max(0, ...fits.map(phrase));
    const phrases = phraseHere < CLEAR_FIT ? outsiders().filter((t) => phrase(t) >= CLEAR_FIT) : [];
    const longest = Math.max(0, ...phrases.map(phrase));
    const across = phrases.find((t) => phrase(t) === longest && forMotion(t)) ?? phrases.find((t) => phrase(t) === longest);
    if (across) return across;
    // Of the techniques the words fit, the one they describe most of: "$40 cheaper at the honda
    // place" is a competitor's quote (cheaper, quoted less) more than a price complaint (cheaper).
    const covered = new Map(fits.map((t) => [t, fitLength(t, s)]));
    const best = Math.max(0, ...covered.values());
    const closest = fits.filter((t) => covered.get(t) === best);
    const fit = closest.find(forMotion) ?? fits.find(forMotion) ?? closest[0];
    if (fit) return fit;
  }
  // Nothing the rep said names a technique. How the rep reaches people (the opening, and the
  // follow-up after) is their motion: a front door, a showroom floor, a phone; so there an
  // opener or a follow-up made for it beats a general one. In between, a motion's techniques
  // answer particular situations (a spouse, a sister, cover through work) the rep has not
  // described, so a general technique comes first.
  const general = main.find((t) => !motionsOf(t));
  return (topic === 'prospecting' || topic === 'follow_up' ? main.find(forMotion) : general) ?? main[0] ?? (TECHNIQUES[0] as Technique);
}
