import type { PlayMoment } from './plays/schema.js';
import { normalize } from './text.js';

/**
 * Which common moment of a sale the rep describes (issue #23): the spouse stall, the price gap,
 * "we already have one"… Read from the rep's words and the buyer's line they quote. When several
 * are named, the buyer's own line decides, then the more particular moment (a fee is a price
 * complaint about one part of it; "let me talk to my wife" often comes with "think about it").
 */
const SIGNS: Array<[PlayMoment, RegExp]> = [
  ['fee', / (?:fees?|commission|commissions|doc fee|dealer fees?|setup|set up fee|enrollment|initiation|implementation fee|placement fee|(?:\d+|two|three|four|five|six) ?(?:%|percent) (?:fee|commission|of (?:first year|salary|the sale|the price))|your (?:cut|percentage)) /],
  ['discount', / (?:discount\w*|best price|better price|do better|knock (?:off|down|some)|procurement|(?:\d+) ?(?:%|percent) off|price match|contract price|gpo|negotiat\w*|come down|drop(?:ped)? (?:the|my|to|it)|lower (?:the|your) price|match (?:it|their|the)|cheaper if|any wiggle|wiggle room|haggl\w*) /],
  ['silence', / (?:ghost\w*|went dark|gone dark|radio silen\w*|no (?:reply|response|answer|callback)|not (?:answering|responding|replying|picking up)|never (?:call|called|calls|heard|hear|got) back|won t (?:answer|respond|reply|call back)|left (?:on read|a voicemail|voicemails)|have not heard|haven t heard|did not hear|stopped (?:answering|responding|replying)|after (?:the|my) (?:proposal|quote|demo|presentation|trial|eval\w*)|went quiet|gone quiet|go quiet|goes quiet|no show|no showed|didn t show|follow ?up (?:text|email|message)) /],
  ['spouse', / (?:(?:talk|speak|check|discuss|run it by|ask|consult|go over it with|see what) (?:it )?(?:over )?(?:to|with|by)? ?(?:my|her|his|their|the) (?:wife|husband|spouse|partner|hubby|boss|owner|kids|son|daughter|family|board|committee|cfo|manager|vp|team|partners|accountant)|run it by|check with|(?:wife|husband|spouse|partner|boss) (?:has to|needs to|decides|handles|wants|said|says)|ask (?:my|the) (?:wife|husband)|not my decision|not (?:the one who|who) decides) /],
  ['shopping', / (?:other quotes?|more quotes|couple (?:more |of )?quotes|few quotes|shop(?:ping)? around|compar\w*|cheaper (?:at|elsewhere|somewhere|down|from|with)|(?:\$?\d+|less|cheaper) (?:at|from|down at) the|other (?:dealers?|dealerships?|places?|companies|company|agents?|vendors?|agencies|agency|stores?|guys|reps?|options)|competitor\w*|quoted (?:them |him |her |us )?(?:less|lower|cheaper|\$?\d+)|\$?\d+%? (?:less|cheaper|lower)|(?:quote|price|bid|estimate) (?:\$?\d+%? )?(?:lower|less|cheaper)|interview\w* (?:other|a few|two|three)|look(?:ing)? around|(?:the )?other (?:one|quote) (?:is|was)|beat (?:their|the|that) (?:price|quote)) /],
  ['have_one', / (?:already (?:have|got|use|using|work with|working with|has|own|a member)|we re (?:all )?set|we are (?:all )?set|all set|happy with (?:our|what|the|my|who)|current (?:provider|vendor|agency|company|plan|supplier|system|tool)|through (?:work|my job|the union)|my (?:cousin|brother|sister|friend|uncle|buddy) (?:is|does)|(?:we|i) use (?:someone|another|a different|an?) |incumbent|have a guy|got a guy|under contract with|locked in with) /],
  ['think', / (?:think (?:about it|it over|on it|about that)|thinking about it|let me think|need to think|gotta think|got to think|sleep on it|get back to (?:you|me|us)|circle back|revisit|mull\w*|not ready|not (?:today|tonight|right now)|(?:come|coming) back (?:later|tomorrow|next)|(?:next|after) (?:quarter|month|year|season)|wait (?:until|till|for)|hold off|on the fence|let you know) /],
  ['access', / (?:gatekeepers?|receptionist|front desk|scheduler|office manager|assistant|voicemail|get (?:past|through) (?:to )?(?:the|her|him)|can not (?:get|reach) (?:to )?(?:the )?|can t (?:get|reach)|decision makers?|(?:reach|get to|get in front of|meet|talk to) (?:the )?(?:owner|surgeon|doctor|cfo|ceo|vp|economic buyer|ciso|hiring manager|boss)|between cases|get (?:both|them both|the two of them|him and her|her and him)|both (?:spouses|of them|decision makers) (?:there|present|home|at)|(?:husband|wife|spouse|partner) (?:was not|wasn t|is not|isn t) (?:there|home|present)) /],
  ['price', / (?:(?:costs?|it s|that s|thats|is|was|way|bit|little) too (?:much|high)|too (?:expensive|pricey|steep)|price|prices|pricing|payment|payments|afford\w*|cost|costs|budget|monthly|premium|premiums|\$\d+|\d+ (?:a|per) month|over (?:budget|what)|expensive|money|a month|per month) /],
  ['brush_off', / (?:not interested|just looking|just browsing|no soliciting|(?:we re|i m|i am|we are) (?:busy|good|fine)|send (?:me )?(?:an |some )?(?:email|info|information|brochure)|hang up|hangs up|hung up|door (?:in my face|shut|closes|closed)|slam\w*|no thanks|brush(?:ed)? (?:me )?off|how did you get (?:my|this) number|opener|opening line|first (?:few |ten |10 |5 |five )?(?:seconds|words|lines?)|walk (?:away|past|off)|wave (?:me|us) off) /],
];

/** Moments the rep rules out: "it's not the price", "no it isn't price, it's…". */
const DENIED: Array<[PlayMoment, RegExp]> = [
  ['price', / (?:not|never|isn t|wasn t|nothing to do with|not think it s|not think it is|dont think it s|dont think its|do not think its) (?:really |about |really about )?(?:the |a )?(?:price|money|cost|payment|budget)|nobody (?:said|says) (?:too expensive|it s too expensive|price)/],
  ['spouse', / (?:not|never|isn t) (?:about )?(?:the |his |her |my )?(?:wife|husband|spouse|partner)/],
  ['think', / (?:not|isn t) (?:that )?(?:they|he|she) (?:need|want) to think/],
  ['shopping', / (?:not|never|isn t) (?:about )?(?:shopping|other quotes|the competition|a competitor)/],
];

/**
 * The moments a message describes, the buyer's quoted line first, then the most particular. Empty
 * when it names none.
 */
/** The options the coach offers when it cannot place a message (turn-rules/not-placed.ts): tapped, each is its moment. */
export const MOMENT_OPTIONS: Record<PlayMoment, string> = {
  brush_off: 'The brush-off at the start',
  access: 'Getting to the one who decides',
  have_one: 'They already have someone',
  price: 'The price or the payment',
  spouse: 'Someone else has to decide',
  think: 'They want to think about it',
  shopping: 'They are comparing other quotes',
  discount: 'They want a discount',
  fee: 'They push back on the fee',
  silence: 'They went quiet after the quote',
};
const OPTION_OF = new Map(Object.entries(MOMENT_OPTIONS).map(([m, label]) => [label.toLowerCase(), m as PlayMoment]));

export function playMomentsIn(message: string, buyerLine?: string): PlayMoment[] {
  const picked = OPTION_OF.get(message.trim().toLowerCase());
  if (picked) return [picked];
  const s = normalize(message);
  const denied = new Set(DENIED.filter(([, re]) => re.test(s)).map(([m]) => m));
  const line = buyerLine ? normalize(buyerLine) : undefined;
  const named = SIGNS.filter(([m, re]) => !denied.has(m) && re.test(s));
  const inLine = line ? named.filter(([, re]) => re.test(line)) : [];
  const rest = named.filter((x) => !inLine.includes(x));
  return [...inLine, ...rest].map(([m]) => m);
}

/** The one moment a message is about, if any. */
export const playMomentOf = (message: string, buyerLine?: string): PlayMoment | undefined => playMomentsIn(message, buyerLine)[0];

/** The moments the rep says it is not ("it's not the price"), for moving off them. */
export const deniedMoments = (message: string): PlayMoment[] => {
  const s = normalize(message);
  return DENIED.filter(([, re]) => re.test(s)).map(([m]) => m);
};
