import { normalize, perText } from './text.js';

/**
 * The sales motion: how the rep meets buyers. Advice that fits one motion is wrong for another
 * (a gatekeeper tip for a door-to-door rep, a cold-call opener for inbound leads), so techniques
 * say which motions they fit and the coach keeps the motion the rep described.
 */
export const MOTIONS = [
  'door_to_door', // knocking on homes
  'showroom', // the buyer walks in: car lot, retail floor, store, venue or resort tour
  'in_home', // a booked appointment at the buyer's kitchen table
  'inbound_phone', // calling people who asked (a web form, a quote request, a lead list of requests)
  'cold_phone', // dialling people who did not ask
  'field_b2b', // visiting businesses or job sites in person
  'email_social', // cold email, LinkedIn, messages
  'enterprise', // long B2B deals with several buyers (champion, economic buyer, committee)
] as const;
export type Motion = (typeof MOTIONS)[number];

export const MOTION_LABELS: Record<Motion, string> = {
  door_to_door: 'door to door',
  showroom: 'on the floor, when buyers walk in',
  in_home: 'in the home',
  inbound_phone: 'calling leads who asked',
  cold_phone: 'cold calling',
  field_b2b: 'visiting businesses in person',
  email_social: 'email and social outreach',
  enterprise: 'complex deals with several buyers',
};

/** Words that place a motion. Negated mentions ("these aren't cold calls") are taken out first. */
const SIGNALS: Array<[Motion, RegExp]> = [
  ['door_to_door', / (?:knock(?! (?:\S+ )?(?:off|down))|knocking|knocked|door to door|d2d|doors|doorstep|porch|(?:open|opens|answer|answers) the door|front door|doorbell|door knock\w*|canvass\w*|lanyard) /],
  ['showroom', / (?:showroom|lot|dealership|test drive|test drove|test driven|walk[- ]?ins?|walks? in|came in|comes? in(?:to)? (?:the )?(?:store|shop)|store|retail|sales floor|retail floor|on the floor|tour|tours|toured|venue) /],
  ['in_home', / (?:kitchen table|in home|in-home|their home|sit down with (?:them|the couple)|living room|home appointment|inspection) /],
  ['inbound_phone', / (?:filled out|fill out|quote form|web form|form on|inbound|leads? (?:come|came)|requested a quote|asked for a quote|comparison site|inquir\w*|enquir\w*) /],
  // Selling by phone, not any phone in the story ("he was on his phone the whole time").
  ['cold_phone', / (?:cold call\w*|dial\w*|(?:by|over the|on the) phone(?! with (?:his|her|their) )|phone (?:calls?|sales)|calls?(?! (?:me|us) back)|calling|hang up|hung up|voicemail|receptionist|gatekeeper) /],
  ['field_b2b', / (?:job ?sites?|site visits?|swing by|drop by|stop by|visit (?:the )?(?:office|shop|site)|walk in(?:to)? (?:offices|businesses)|on site|coffee and donuts) /],
  ['email_social', / (?:cold emails?|emails?|linkedin|inmail|dm|dms|outreach|sequence) /],
  ['enterprise', / (?:cfo|ceo|vp|committee|procurement|champion|economic buyer|stakeholders?|board|legal review|security review|rfp|month deal|quarter) /],
];

// Compiled once with the global flag matchAll needs: this runs on every message.
const GLOBAL_SIGNALS = SIGNALS.map(([motion, re]) => [motion, new RegExp(re.source, 'g')] as const);

/**
 * A mention the rep denies: the negation stands right before it, at most two words away ("not
 * cold calls", "these aren't cold calls", "i don't knock doors", "there's no receptionist").
 * normalize() has spelt "aren't" as "are not".
 */
const NEGATED = / (?:not|no|never|without)(?: [a-z]+){0,2} $/;

/** When a message names several, the more specific motion describes the rep's situation. */
const SPECIFIC_FIRST: Motion[] = ['enterprise', 'in_home', 'door_to_door', 'inbound_phone', 'showroom', 'field_b2b', 'email_social', 'cold_phone'];

/** 0 for the most specific motion. */
export const specificity = (m: Motion) => SPECIFIC_FIRST.indexOf(m);

/** The motions a message names, most specific first, with negated ones ("these aren't cold calls") left out. */
export const motionsIn = perText(namedMotions);

function namedMotions(message: string): { readonly named: readonly Motion[]; readonly denied: readonly Motion[] } {
  const s = normalize(message);
  const named: Motion[] = [];
  const denied: Motion[] = [];
  for (const [motion, global] of GLOBAL_SIGNALS) {
    for (const match of s.matchAll(global)) {
      const isDenied = NEGATED.test(s.slice(Math.max(0, (match.index ?? 0) - 40), (match.index ?? 0) + 1));
      (isDenied ? denied : named).push(motion);
    }
  }
  const unique = (list: Motion[]) => [...new Set(list)];
  const deniedOnly = unique(denied).filter((m) => !named.includes(m));
  const order = (m: Motion) => SPECIFIC_FIRST.indexOf(m);
  return { named: unique(named).filter((m) => !deniedOnly.includes(m)).sort((a, b) => order(a) - order(b)), denied: deniedOnly };
}
