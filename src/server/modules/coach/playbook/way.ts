import type { RepProfile } from '../engine.js';
import type { Motion } from './motion.js';
import type { Way } from './plays/schema.js';
import { normalize, perText } from './text.js';

/**
 * The way the rep sells (issue #23): which of the written ways of selling their words and profile
 * describe, so the lines they get are in that way's voice (a widow on the phone never gets a line
 * about "the team's time"). Read from the profile first, since it says what they sell, then from
 * what they say in the chat, which can correct it.
 */
const SIGNS: Array<[Way, RegExp]> = [
  ['clinical', / (?:surgeons?|surgery|surgical|physicians?|doctors?|dr|hospitals?|medical devices?|device rep|clinic|clinics|clinicians?|or corridor|the or|orthop\w*|spine|cardio\w*|dental|dentists?|vet|veterinar\w*|pharma\w*|value analysis|scrub(?:bed)? in|case coverage) /],
  // Written for staffing and recruiting: a marketing agency's rep is not a recruiter.
  ['agency', / (?:staffing|recruit\w*|headhunt\w*|placements?|temp (?:workers|staff|agency)|staffing agency|recruiting agency|retained search|contingency search|candidates?|hiring managers?|open (?:roles|reqs|positions)) /],
  ['listing', / (?:listing|listings|list (?:the|their|my) (?:house|home)|realtor|real estate|home sellers?|comps|fsbo|for sale by owner|open house) /],
  ['enterprise', / (?:enterprise|procurement|ciso|cio|committee|rfp|msa|redlines?|security review|economic buyer|legal review|(?:\d{3}|\d\.\d) ?(?:k|m) (?:deal|acv|arr|contract)|acv|fortune \d+|buying group) /],
  ['car_lot', / (?:cars?|dealership|dealer|dealers|vehicles?|test dr\w+|the lot|car lot|used cars|toyotas?|hondas?|fords?|chevy|chevrolet|kias?|nissans?|hyundais?|subarus?|jeeps?|rav4|camry|f 150|sedan|suv|trade in|trade ins|f and i|finance manager|the desk|salesman on the lot) /],
  ['membership', / (?:gym|gyms|fitness|memberships?|studio|crossfit|yoga|pilates|personal train\w*|health club|country club|enrollment fee|initiation fee) /],
  ['phone_b2c', / (?:final expense|medicare|life insurance|burial|funeral|annuit\w*|senior(?:s)? (?:market|clients|leads)|supplement plan|advantage plan|whole life|term life|policyholders?) /],
  ['retail_floor', / (?:mattress\w*|furniture|sofas?|couch\w*|recliners?|appliances?|electronics|jewel\w*|boutique|retail|sales floor|store|showroom floor|department store|tvs?|bed store) /],
  ['door_to_door', / (?:door to door|d2d|knock(?:s|ing|ed)?(?! (?:\S+ )?(?:off|down))|(?<! (?:patio|garage|entry|storm|sliding|barn|closet|french|cabinet|shower|glass|and)) doors|door knock\w*|canvass\w*|pest control|pest|bug|bugs|doorstep|porch|neighbou?rhood) /],
  ['in_home', / (?:kitchen table|in home|in-home|home appointment|appointments? at (?:their|the) home|windows|window replacement|roofing|roof|roofs|siding|hvac|bath remodel\w*|remodel\w*|both spouses|the couple|husband and wife|solar) /],
  ['sdr', / (?:sdr|bdr|cold call\w*|cold email\w*|outbound|dials?|dialing|dialling|book(?:ing)? (?:meetings|demos|appointments)|set (?:meetings|appointments)|gatekeepers?|sequences?|prospect list) /],
  ['inbound', / (?:inbound|web ?form|form fills?|filled out (?:a|the|our) form|quote requests?|requested a quote|demo requests?|internet leads?|online leads?|leads? (?:come|came) in|leads? who (?:asked|requested|inquired)) /],
  ['smb_b2b', / (?:saas|software|champion|mid ?market|smb|small business(?:es)?|platform|subscription|crm|pos system|payroll|b2b|operations manager|it manager|msp|managed services|it support) /],
];

/** Ways that describe a situation more precisely than others: a surgeon's device rep is clinical before B2B. */
const ORDER: Way[] = SIGNS.map(([way]) => way);

/** What the older motion reading says, when no way of selling is named (a "cold call" from a final-expense agent is still phone_b2c, decided above). */
// Only the motions that say how someone sells outright: "a call" or "an email" says nothing of
// whether the buyer is a business or a widow.
const FROM_MOTION: Partial<Record<Motion, Way>> = {
  door_to_door: 'door_to_door',
  in_home: 'in_home',
  enterprise: 'enterprise',
};

/** How a rep names their own way of selling outright: it outweighs the product's words ("solar, door to door"). */
const OUTRIGHT: Array<[Way, RegExp]> = [
  ['door_to_door', / (?:door to door|d2d|door knocking|knocking doors) /],
  ['enterprise', / (?:enterprise) /],
  ['in_home', / (?:in home|kitchen table) /],
  ['sdr', / (?:sdr|bdr) /],
  ['listing', / (?:listing agent|listing appointment) /],
];

// Compiled once with the global flag match needs to count: this runs on every chat message.
const GLOBAL_SIGNS = SIGNS.map(([way, re]) => [way, new RegExp(re.source, 'g')] as const);

/** How many signs of each way a text has (kept per text: callers only read the map). */
const scores = perText((text: string): ReadonlyMap<Way, number> => {
  const s = normalize(text);
  const out = new Map<Way, number>();
  for (const [way, re] of GLOBAL_SIGNS) {
    const n = s.match(re)?.length ?? 0;
    if (n) out.set(way, n);
  }
  for (const [way, re] of OUTRIGHT) if (re.test(s)) out.set(way, (out.get(way) ?? 0) + 2);
  return out;
});

function best(found: ReadonlyMap<Way, number>): Way | undefined {
  let top: Way | undefined;
  for (const way of ORDER) {
    const n = found.get(way) ?? 0;
    if (n > 0 && (top === undefined || n > (found.get(top) ?? 0))) top = way;
  }
  return top;
}

/**
 * Who the rep sells to, when the profile says: a business or a household. The product alone can
 * belong to either ("HVAC" is a homeowner's furnace or a facility's maintenance contract), and a
 * way chosen from the product word alone gave a commercial HVAC rep lines about "the house" and
 * "both of you" (issue #25). The buyer the profile names decides which ways can fit at all.
 */
const BUSINESS_BUYER = / (?:commercial|b2b|business(?:es)?|compan(?:y|ies)|corporate|enterprises?|facilit(?:y|ies)(?: managers?)?|property managers?|building (?:owners|managers)|offices|industrial|manufactur\w*|warehouses?|plants|municipal\w*|schools|districts|hospitals|clinics|practices|restaurants|retailers|contractors|fleets?|service contracts?|maintenance contracts?|accounts|saas) /;
const HOUSEHOLD_BUYER = / (?:residential|homeowners?|households?|famil(?:y|ies)|consumers?|seniors|retirees|parents|couples|home ?buyers|d2c|b2c) /;
export type BuyerKind = 'business' | 'household';

/** The kind of buyer the profile names, if it names one clearly (one and not the other). */
export function profileBuyer(profile: Pick<RepProfile, 'industry' | 'product'>): BuyerKind | undefined {
  const s = normalize(`${profile.industry ?? ''} ${profile.product ?? ''}`);
  const business = BUSINESS_BUYER.test(s);
  const household = HOUSEHOLD_BUYER.test(s);
  return business === household ? undefined : business ? 'business' : 'household';
}

/** The way the profile names: what the rep sells and to whom, from onboarding. */
export function profileWay(profile: Pick<RepProfile, 'industry' | 'product' | 'biggestStruggle'>): Way | undefined {
  // What they sell says more than their struggle ("closing more deals" names nothing).
  const found = best(scores(`${profile.industry} ${profile.product}`)) ?? best(scores(profile.biggestStruggle ?? ''));
  if (profileBuyer(profile) !== 'business' || !found || !CONSUMER_WAYS.has(found)) return found;
  // Sold to businesses: the best business way the profile names, else selling to small and mid-size businesses.
  const business = new Map([...scores(`${profile.industry} ${profile.product}`)].filter(([way]) => !CONSUMER_WAYS.has(way)));
  return best(business) ?? 'smb_b2b';
}

/**
 * The way for this turn: what the conversation had, else the profile's; a rep saying outright how
 * they sell moves it. With neither, a message that names a way clearly (two signs), else the motion.
 */
export function wayOf(message: string, known: Way | undefined, profile: Pick<RepProfile, 'industry' | 'product' | 'biggestStruggle'>, motion?: Motion): Way | undefined {
  const here = scores(message);
  const named = best(here);
  const base = known ?? profileWay(profile);
  if (base) {
    // The profile (or the conversation) set the way; a story's words ("at the desk", "the store
    // down the road") do not move it. Only the rep saying how they sell does ("i sell gym
    // memberships", "actually i'm at a dealership now").
    const saysSo = / (?:actually i|i sell|i work (?:at|for|in)|i m (?:at|with) (?:a|an)|i am (?:at|with) (?:a|an)|we sell|i do (?:door|d2d|cold|in home|inbound)) /.test(normalize(message));
    return saysSo && named && named !== base ? named : base;
  }
  // Without a way from the profile, one word of a message is not enough: "he owns 3 HVAC
  // locations" describes the buyer's business, not how the rep sells.
  if (named && (here.get(named) ?? 0) >= 2) return named;
  return motion ? FROM_MOTION[motion] : undefined;
}

export const CONSUMER_WAYS: ReadonlySet<Way> = new Set(['door_to_door', 'car_lot', 'retail_floor', 'phone_b2c', 'in_home', 'membership', 'listing']);

/**
 * The motion the older technique coach reads, for a known way of selling: so a surgeon's rep never
 * gets a cold-call opener and a car lot never gets a gatekeeper tip. Phone and business ways keep
 * the motion the rep named, which says more (an SDR who emails, a Medicare agent taking inbound calls).
 */
const WAY_MOTION: Partial<Record<Way, Motion>> = {
  door_to_door: 'door_to_door',
  car_lot: 'showroom',
  retail_floor: 'showroom',
  membership: 'showroom',
  in_home: 'in_home',
  listing: 'in_home',
  clinical: 'field_b2b',
  enterprise: 'enterprise',
};
const PHONE: readonly Motion[] = ['cold_phone', 'inbound_phone'];

export function motionForWay(way: Way | undefined, motion: Motion | undefined): Motion | undefined {
  if (!way) return motion;
  if (way === 'phone_b2c' || way === 'inbound') return motion && PHONE.includes(motion) ? motion : 'inbound_phone';
  return WAY_MOTION[way] ?? motion;
}
