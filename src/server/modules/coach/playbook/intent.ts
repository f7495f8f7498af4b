import { classify } from './classifier.js';
import { normalize } from './text.js';

/**
 * What the rep's message asks of the dialogue itself, apart from its sales content: another
 * tip, a role-play, a hint, to stop, thanks, pushback on the advice, an aside.
 */
// A request for a person never reaches the engine: coach/person-request.ts answers it for every engine.
export type Intent = 'another_tip' | 'roleplay' | 'different_problem' | 'try_again' | 'hint' | 'stop' | 'thanks' | 'pushback' | 'off_topic';

const INTENTS: Array<[Intent, RegExp]> = [
  ['stop', /^ (?:ok |okay )?(?:stop|end|enough|stop the role ?play|end the role ?play|let s stop|lets stop|i m done|im done|done|how did i do)(?: |$)/],
  ['roleplay', / role ?play| practi[cs]e (?:it|this|that|the|with me)|can we practi[cs]e| (?:can|could) (?:you|u) (?:be|play|pretend to be) (?!(?:honest|real|straight|blunt|brutal|nice|quick|short|clear|specific|serious|careful|patient|direct|more|less|very|a bit|sure|right|wrong|there|here)\b)[a-z]+| (?:actually |just )?play (?:her|him|the [a-z]+|[a-z]+ so i can)| you re (?:the )?[a-z]+ (?:the )?(?:wife|husband|buyer|customer|owner|cfo|surgeon|doctor|manager)| you be (?:the|him|her)| be the (?:prospect|buyer|customer|mom|wife|husband|cfo|owner)|try the scene again|^ (?:ok |okay |alright |now |so )?(?:you )?(?:be|play) (?!(?:honest|real|straight|blunt|brutal|nice|quick|short|clear|specific|serious|careful|patient|direct|more|less|very|a bit)\b)(?:the |my |his |her )?[a-z]+/],
  ['different_problem', / (?:different|another|new|other) (?:problem|issue|question|topic|challenge) /],
  ['try_again', /^ (?:try again|again|let me try again|one more time) $/],
  ['hint', / (?:give me a |a )?hint | help me answer /],
  [
    'pushback',
    / (?:won t|will not|wont|doesn t|does not|didn t|did not) work| not gonna work| tried that| tried (?:the|that|this|your) [a-z]+(?: [a-z]+)? (?:thing|one|line|approach|trick|idea|method|script)| think (?:it s|its|it is) a line| already (?:do|did|tried|doing)| i already | too (?:soft|pushy|salesy|long|slow|generic|cheesy)| hate (?:that|it|anything|when)| heard every| smell (?:a|it)| roll their eyes| (?:something|anything) (?:else|different)| different (?:approach|angle|idea)| what else (?:you got|do you have|can i do)?| nah | shorter| nobody reads| no one reads/,
  ],
  ['another_tip', / (?:another|one more|more|next) (?:tip|idea|technique|suggestion|approach)s? |^ (?:more|next) $/],
  ['off_topic', / (?:random|unrelated|off topic|side note|btw|by the way) .*(?:weather|recipe|cook|chili|super ?bowl|game|movie|song|team|restaurant|vacation|birthday|pizza|football|basketball|soccer)| (?:weather|recipe|super ?bowl|who (?:u|you) got winning) /],
  ['thanks', /^ (?:thanks|thank you|thx|cheers|great|awesome|perfect|got it|ok|okay|cool)(?: (?:so much|a lot|coach))? $/],
];

/** A rep flagging an aside: "lol random but…", "unrelated, …", "btw …". */
const ASIDE = / (?:random|unrelated|off topic|side note|btw|by the way|not sales related|personal q(?:uestion)?) /;

export function intentOf(message: string): Intent | null {
  const s = normalize(message);
  // An aside is off-topic when what it asks is not about selling, as the classifier's sales-or-not
  // model reads it ("random q but how do i handle 'send me an email'" is still coaching).
  if (ASIDE.test(s) && (classify(message)?.sales ?? 1) < 0.5) return 'off_topic';
  for (const [intent, re] of INTENTS) if (re.test(s)) return intent;
  return null;
}
