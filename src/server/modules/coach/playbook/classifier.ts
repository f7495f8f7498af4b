import { CALL_STAGES, TOPICS, type CallStage, type Topic } from '#shared/coaching.js';
import { readTrainingCorpus, type Scenario, type TrainingCorpus } from './scenario-file.js';
import { SIGNALS } from './signals.js';
import { normalize } from './text.js';

/**
 * A small statistical classifier next to the hand-written signals: multinomial naive Bayes over
 * stemmed words, word pairs, word concepts and matching signals of the normalised text. One model
 * for the topic, one for the call stage, and one for "is this about selling at all", trained from
 * training-corpus.json (scenario-file.ts: the format of the dev set of docs/coach-eval.md, plus an
 * offTopic list of chatter) on first use and cached in module scope. Deterministic: no
 * randomness, fixed iteration order; training takes well under 200 ms.
 *
 * The production build bundles the server into dist/server/main.js, so the build must copy
 * training-corpus.json next to main.js (it is read with `new URL('./training-corpus.json',
 * import.meta.url)`).
 */

/** What training needs of a scenario. */
export type LabelledMessage = Pick<Scenario, 'message' | 'stage' | 'topics'> & { weight?: number };

// ---------------------------------------------------------------------------------------------
// Features
// ---------------------------------------------------------------------------------------------

/**
 * Function words that say nothing about the sales situation. Negations, time words ("after",
 * "before", "first", "end") and question words that change the meaning ("who", "why", "when")
 * are kept on purpose.
 */
const STOP_WORDS = new Set(
  (
    'a an the and or but if so as of to in on at by for with from into onto about than then too very ' +
    'i me my mine myself we us our ours you your yours he him his she her hers it its they them their theirs ' +
    'this that these those there here is are was were be been being am do does did doing done have has had having ' +
    'will would shall should can could may might must just also really actually even still quite pretty ' +
    'what how which where whom whose some any all each every other another such own same ' +
    'up out over again further once only both more most much many lot lots thing things stuff ' +
    'like get got gets getting go goes going went gone make makes made one ones im ive id ill s t ' +
    'ok okay hi hey hello please thanks thank yeah well oh um uh lol guys'
  ).split(' '),
);

/** Tokens kept whole, before stemming: short or irregular forms the suffix rules would mangle. */
const KEEP = new Set(['ceo', 'cfo', 'cto', 'vp', 'roi', 'crm', 'spin', 'bant', 'demo', 'demos', 'po', 'news', 'business', 'process', 'less', 'yes']);

/** A light suffix stripper: enough to fold calls/calling/called and price/prices/pricing together. */
export function stem(word: string): string {
  if (KEEP.has(word)) return word === 'demos' ? 'demo' : word;
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 5 && w.endsWith('ing')) w = undouble(w.slice(0, -3));
  else if (w.length > 4 && w.endsWith('ed') && !w.endsWith('eed')) w = undouble(w.slice(0, -2));
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ly')) w = w.slice(0, -2);
  if (w.length > 6 && w.endsWith('ation')) w = w.slice(0, -5);
  else if (w.length > 5 && w.endsWith('ment')) w = w.slice(0, -4);
  else if (w.length > 4 && w.endsWith('er') && !w.endsWith('eer')) w = w.slice(0, -2);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith('y')) w = `${w.slice(0, -1)}i`;
  return w;
}

function undouble(w: string): string {
  return w.length > 3 && w[w.length - 1] === w[w.length - 2] && !/[aeiouls]/.test(w[w.length - 1] ?? '') ? w.slice(0, -1) : w;
}

/** The content words of a message, stemmed, in order. */
export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const raw of normalize(text).trim().split(' ')) {
    if (!raw || STOP_WORDS.has(raw) || /^\d+$/.test(raw)) continue;
    out.push(stem(raw));
  }
  return out;
}

/**
 * Words grouped by what they mean in a sales conversation. Each word also fires its concept as a
 * feature, so a word the corpus never used still counts if it belongs to a known concept
 * ("pricey" → money, "receptionist" → gatekeeper). The model learns each concept's weight.
 */
const CONCEPTS: Record<string, string> = {
  phone: 'call caller dial dialer dialing phone phones ring ringing voicemail voicemails hang hung hangs cell mobile',
  written: 'email emails inbox subject spam sequence inmail linkedin dm dms text texts texting message messages letter',
  gatekeeper: 'receptionist receptionists secretary secretaries assistant assistants gatekeeper gatekeepers switchboard frontdesk reception operator',
  opening: 'open opener openers opening intro introduce introduction greeting icebreaker rapport smalltalk',
  booking: 'appointment appointments meeting meetings book booked booking calendar schedule slot',
  newleads: 'lead leads prospect prospects prospecting list lists territory referral referrals network networking event events expo show webinar inbound outbound cold',
  ask: 'question questions ask asking asked probe probing dig uncover find figure learn understand curious explore clarify',
  listen: 'listen listening listener interrupt interrupting silence notes talk talking monologue',
  need: 'need needs pain pains problem problems challenge challenges issue issues struggle headache frustration frustrating goal goals priority priorities motivation',
  qualify: 'qualify qualifying qualified qualification authority timeline fit bant meddic criteria process stakeholders',
  present: 'demo demos demonstration present presenting presentation presentations slide slides deck decks pitch pitching walkthrough screen tour showroom',
  value: 'value roi benefit benefits feature features save saves saving savings payback result results outcome outcomes',
  attention: 'bored boring attention tune glaze glazed engaged distracted yawn watch zone',
  proof: 'story stories storytelling case reference references testimonial testimonials proof example examples',
  different: 'different difference differentiate unique compare comparison commodity stand',
  money: 'price prices pricing cost costs costly expensive pricey cheap cheaper afford affordable money fee fees rate rates budget budgets dollar dollars spend overpriced',
  discount: 'discount discounts negotiate negotiation haggle cave caved concession concessions',
  incumbent: 'current currently already existing incumbent contract provider providers vendor vendors supplier suppliers agency agencies broker brokers partner',
  competitor: 'competitor competitors competition rival rivals alternative alternatives',
  timing: 'timing later year quarter month busy priority wait waiting postpone',
  trust: 'trust distrust risk risky burned wary doubt doubts skeptical sceptical worried worry review reviews reputation disaster guarantee',
  approval: 'boss wife husband spouse partner committee board cfo ceo owner approve approval approved signoff legal accountant lawyer procurement headquarters',
  think: 'think sleep mull consider considering ponder decide undecided hesitate hesitant fence',
  sign: 'sign signed signing signature contract contracts paperwork docusign agreement order orders deposit po',
  commit: 'close closing closer commit commitment yes decision buy buying purchase deal deals',
  pushy: 'pushy desperate aggressive pressure needy salesy begging',
  silence: 'ghost ghosted ghosting silent silence quiet dark disappear disappeared vanish vanished reply replied respond responded response answer answered missing fade faded unanswered unread ignore ignored ignoring',
  chase: 'follow followup followups chase chasing nudge remind reminder cadence touch touches ping reengage recap',
  proposal: 'proposal proposals quote quotes estimate estimates bid bids',
  endcue: 'end final last wrap finish closing signing',
  midcue: 'halfway middle midway during',
  startcue: 'first start beginning initial opening seconds pickup',
};

let conceptIndex: Map<string, string[]> | undefined;
function conceptsOf(stemmed: string): string[] {
  if (!conceptIndex) {
    conceptIndex = new Map();
    for (const [concept, words] of Object.entries(CONCEPTS)) {
      for (const w of words.split(' ')) {
        const st = stem(w);
        const list = conceptIndex.get(st) ?? [];
        if (!list.includes(concept)) list.push(concept);
        conceptIndex.set(st, list);
      }
    }
  }
  return conceptIndex.get(stemmed) ?? [];
}

export interface FeatureOptions {
  bigrams: boolean;
  /** Also fire each word's concept (CONCEPTS). */
  concepts: boolean;
}

export const DEFAULT_FEATURES: FeatureOptions = { bigrams: true, concepts: true };

/**
 * The features of a message, each once: its content words, their concepts ("@money"), adjacent
 * pairs ("ask_sale"), and whether it quotes the buyer or asks a question.
 */
export function features(text: string, opts: FeatureOptions = DEFAULT_FEATURES): string[] {
  const toks = tokens(text);
  const out = new Set<string>();
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i] as string;
    out.add(t);
    if (opts.concepts) for (const c of conceptsOf(t)) out.add(`@${c}`);
    if (opts.bigrams && i + 1 < toks.length) out.add(`${t}_${toks[i + 1]}`);
  }
  if (/["\u201c\u201d]|(?:^|\s)'[^']{3,}'/.test(text)) out.add('__quoted');
  if (/\?\s*$/.test(text.trim()) || /^\s*(how|what|when|which|why|should|can|is|any)\b/i.test(text)) out.add('__question');
  return [...out];
}

// ---------------------------------------------------------------------------------------------
// Multinomial naive Bayes (with fractional labels, so secondary topics can count a little)
// ---------------------------------------------------------------------------------------------

export interface NaiveBayes {
  classes: string[];
  logPrior: number[];
  /** feature → log P(feature | class), per class. */
  logLik: Map<string, Float64Array>;
}

export interface NbOptions {
  alpha: number;
  /** Whether to flatten class priors (the corpus is balanced by topic, not by stage). */
  uniformPrior: boolean;
}

export function trainNaiveBayes(docs: Array<{ features: string[]; labels: number[] }>, classes: string[], opts: NbOptions): NaiveBayes {
  const k = classes.length;
  const vocab = [...new Set(docs.flatMap((d) => d.features))].sort();
  const index = new Map(vocab.map((f, i) => [f, i]));
  const counts = vocab.map(() => new Float64Array(k));
  const totals = new Float64Array(k);
  const classMass = new Float64Array(k);
  for (const d of docs) {
    for (let c = 0; c < k; c++) classMass[c] = (classMass[c] ?? 0) + (d.labels[c] ?? 0);
    for (const f of d.features) {
      const i = index.get(f);
      if (i === undefined) continue;
      const row = counts[i] as Float64Array;
      for (let c = 0; c < k; c++) {
        const l = d.labels[c] ?? 0;
        row[c] = (row[c] ?? 0) + l;
        totals[c] = (totals[c] ?? 0) + l;
      }
    }
  }
  const v = vocab.length;
  const logLik = new Map<string, Float64Array>();
  vocab.forEach((f, i) => {
    const row = counts[i] as Float64Array;
    const ll = new Float64Array(k);
    for (let c = 0; c < k; c++) ll[c] = Math.log(((row[c] ?? 0) + opts.alpha) / ((totals[c] ?? 0) + opts.alpha * v));
    logLik.set(f, ll);
  });
  const mass = classMass.reduce((a, b) => a + b, 0);
  const logPrior = Array.from(classMass, (m) => (opts.uniformPrior ? -Math.log(k) : Math.log((m + 1) / (mass + k))));
  return { classes, logPrior, logLik };
}

/** Posterior over the classes, and how many known features the text had. */
export function predictNaiveBayes(model: NaiveBayes, feats: string[]): { posterior: number[]; known: number } {
  const scores = [...model.logPrior];
  let known = 0;
  for (const f of feats) {
    const ll = model.logLik.get(f);
    if (!ll) continue;
    known++;
    for (let c = 0; c < scores.length; c++) scores[c] = (scores[c] ?? 0) + (ll[c] ?? 0);
  }
  return { posterior: softmax(scores), known };
}

function softmax(scores: number[]): number[] {
  const max = Math.max(...scores);
  const exps = scores.map((s) => Math.exp(s - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / sum);
}

// ---------------------------------------------------------------------------------------------
// The models, trained from the corpus
// ---------------------------------------------------------------------------------------------

export interface ClassifierOptions {
  topic: NbOptions;
  stage: NbOptions;
  /** Label mass of the first topic; the rest is shared by the secondary topics. */
  primaryWeight: number;
  /** Add one feature per matching hand-written signal (signals.ts), so the model learns their worth. */
  signalFeatures: boolean;
  features: FeatureOptions;
}

/** Chosen by 10-fold cross-validation (see diagnose.ts); neighbouring values score within a point. */
export const DEFAULT_OPTIONS: ClassifierOptions = {
  topic: { alpha: 0.5, uniformPrior: true },
  stage: { alpha: 0.5, uniformPrior: true },
  primaryWeight: 0.6,
  signalFeatures: true,
  features: DEFAULT_FEATURES,
};

export interface Models {
  topic: NaiveBayes;
  stage: NaiveBayes;
  /** Sales talk (class 0) or not (class 1): the corpus against its off-topic chatter. */
  domain: NaiveBayes | undefined;
  opts: ClassifierOptions;
}

export interface Classification {
  topic: Record<Topic, number>;
  stage: Record<CallStage, number>;
  /** Content words of the text (stop words left out). */
  words: number;
  /** Of those, the ones the models saw in training (0 for chatter like "asdf"). */
  knownWords: number;
  /** Probability that the text is about selling at all (against the off-topic chatter); 0.5 when unknown. */
  sales: number;
}

function featuresFor(text: string, opts: ClassifierOptions): string[] {
  const feats = features(text, opts.features);
  if (opts.signalFeatures) {
    const s = normalize(text);
    SIGNALS.forEach((signal, i) => {
      if (signal.re.test(s)) feats.push(`__sig${i}`);
    });
  }
  return feats;
}

export function trainModels(corpus: LabelledMessage[], opts: ClassifierOptions = DEFAULT_OPTIONS, offTopic: string[] = []): Models {
  const topicDocs: Array<{ features: string[]; labels: number[] }> = [];
  const stageDocs: Array<{ features: string[]; labels: number[] }> = [];
  for (const sc of corpus) {
    const feats = featuresFor(sc.message, opts);
    const topics = sc.topics;
    if (topics.length > 0) {
      const labels = TOPICS.map(() => 0);
      const rest = topics.length > 1 ? (1 - opts.primaryWeight) / (topics.length - 1) : 0;
      const w = sc.weight ?? 1;
      topics.forEach((t, i) => {
        labels[TOPICS.indexOf(t)] = w * (topics.length === 1 ? 1 : i === 0 ? opts.primaryWeight : rest);
      });
      topicDocs.push({ features: feats, labels });
    }
    // A scenario labelled `general` teaches the stage model nothing.
    const s = CALL_STAGES.findIndex((st) => st === sc.stage);
    if (s >= 0) stageDocs.push({ features: feats, labels: CALL_STAGES.map((_, i) => (i === s ? (sc.weight ?? 1) : 0)) });
  }
  const domainDocs = [
    ...corpus.map((sc) => ({ features: tokens(sc.message), labels: [1, 0] })),
    ...offTopic.map((m) => ({ features: tokens(m), labels: [0, 1] })),
  ];
  return {
    topic: trainNaiveBayes(topicDocs, [...TOPICS], opts.topic),
    stage: trainNaiveBayes(stageDocs, [...CALL_STAGES], opts.stage),
    domain: offTopic.length > 0 ? trainNaiveBayes(domainDocs, ['sales', 'other'], { alpha: 1, uniformPrior: true }) : undefined,
    opts,
  };
}

export function classifyWith(models: Models, text: string): Classification {
  const feats = featuresFor(text, models.opts);
  const t = predictNaiveBayes(models.topic, feats);
  const s = predictNaiveBayes(models.stage, feats);
  const words = [...new Set(tokens(text))];
  const domain = models.domain ? predictNaiveBayes(models.domain, words) : undefined;
  return {
    topic: Object.fromEntries(TOPICS.map((name, i) => [name, t.posterior[i] ?? 0])) as Record<Topic, number>,
    stage: Object.fromEntries(CALL_STAGES.map((name, i) => [name, s.posterior[i] ?? 0])) as Record<CallStage, number>,
    words: words.length,
    knownWords: words.filter((w) => models.topic.logLik.has(w) || models.domain?.logLik.has(w) === true).length,
    sales: domain && domain.known > 0 ? (domain.posterior[0] ?? 0.5) : 0.5,
  };
}

let cached: Models | undefined;
let failed = false;

/** The training corpus shipped next to this module (and next to dist/server/main.js in production). */
export function loadCorpus(): TrainingCorpus {
  return readTrainingCorpus(new URL('./training-corpus.json', import.meta.url));
}

/**
 * The trained models, built on first use; undefined when the corpus cannot be read (a build that
 * forgot to copy training-corpus.json) or is not in the scenario format, in which case the
 * diagnosis falls back to the signals.
 */
export function models(): Models | undefined {
  if (!cached && !failed) {
    try {
      const corpus = loadCorpus();
      cached = trainModels(corpus.scenarios, DEFAULT_OPTIONS, corpus.offTopic);
    } catch (err) {
      failed = true;
      console.warn(`[salescoach] coach classifier unavailable, diagnosing with signals only: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return cached;
}

/** The classifier's view of a message, or undefined when it is unavailable. */
export function classify(text: string): Classification | undefined {
  const m = models();
  return m ? classifyWith(m, text) : undefined;
}
