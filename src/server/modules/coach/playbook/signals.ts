/**
 * What a rep's words say about where the call breaks down. Each signal is a pattern over the
 * normalised text (see text.ts) with weights for the topics and the call stage it points to.
 * Patterns describe situations in the words reps use, not only the textbook term.
 */
import type { CallStage, Topic } from '#shared/coaching.js';

/**
 * What is being followed up, when the rep chases someone: a cold approach (a cold email, a
 * LinkedIn message, a trade-show contact, a web enquiry) is still the opening of the sale; a
 * proposal, a demo or a meeting that happened is the close.
 */
export type FollowUpContext = 'outreach' | 'deal';

export interface Signal {
  re: RegExp;
  topics?: Partial<Record<Topic, number>>;
  stages?: Partial<Record<CallStage, number>>;
  context?: FollowUpContext;
}

const w = (words: string) => new RegExp(` (?:${words}) `);
const S = (re: RegExp, topics: Signal['topics'], stages?: Signal['stages'], context?: FollowUpContext): Signal => ({ re, topics, stages, context });

/**
 * Where a rep says which of several troubles they want help with ("my bigger problem is…",
 * "what I really need help with is…"). What follows it weighs more than what came before.
 */
export const FOCUS_MARKER = / (?:my|the|our) (?:bigger |biggest |real |main |actual |true |major |key )?(?:problem|issue|struggle|challenge|worry|headache|weakness) (?:is|are|was|seems|right now is) (?!that i have not|not )| what i (?:really |actually |most )?(?:need|want) (?:help|advice|coaching) (?:with|on) | (?:the )?(?:part|thing|bit) i (?:really |actually )?(?:need|want) (?:help|advice) (?:with|on) /;

export const SIGNALS: Signal[] = [
  // ---- Prospecting: reaching people and opening the call ----
  S(w('cold (?:call|calls|calling|called|caller|email|emails|emailing|outreach|prospecting)'), { prospecting: 3.5 }, { intro: 2 }, 'outreach'),
  S(w('hang up|hangs up|hanging up|hung up|hang up on me|slam the phone'), { prospecting: 2.5 }, { intro: 2 }),
  S(w('gatekeepers?|receptionists?|front desk|secretary|secretaries|office manager|get through to|getting through to|(?:get|getting|got) past (?:the |their |a |an )?(?:gatekeeper|receptionist|front desk|secretary|assistant|office|switchboard|owner|doctor|manager|boss|decision maker)|screen(?:s|ed|ing)? my calls?'), { prospecting: 3.5 }, { intro: 3 }, 'outreach'),
  S(w('openers?|opening lines?|opening (?:statement|pitch)|open the call|how to open|my intro|introduce myself|introducing myself|introduction'), { prospecting: 3 }, { intro: 3 }),
  S(w('(?:first|opening) (?:few |ten |10 |twenty |20 |thirty |30 |couple of |couple |two |2 |five |5 |sixty |60 )?(?:seconds|minutes|moments)|first minute|first impression'), { prospecting: 1.5 }, { intro: 4 }),
  S(w('rapport|break the ice|icebreaker|small talk|connect with (?:people|them|prospects)|build trust|warm them up'), { prospecting: 3 }, { intro: 2.5 }),
  S(w('linkedin|inmail|connection requests?|social selling|dms?'), { prospecting: 3.5 }, { intro: 2 }, 'outreach'),
  S(w('outreach|prospecting|prospect lists?|lead lists?|call lists?|dials?|dialing|dialling|cold list|sequences?'), { prospecting: 2.5 }, { intro: 1.5 }, 'outreach'),
  S(w('(?:almost |barely |hardly )?(?:no|any|few|zero) (?:replies|reply|responses|response|callbacks|call backs)|response rates?|reply rates?|open rates?|never (?:get )?opened|nobody (?:replies|responds|answers)'), { prospecting: 2, follow_up: 0.5 }, { intro: 1 }),
  S(w('voicemails?|voice mails?'), { prospecting: 2.5, follow_up: 0.5 }, { intro: 1.5 }, 'outreach'),
  S(w('unsubscrib(?:e|es|ed|ing)|spam(?: folder)?|junk (?:mail|folder)|email blasts?|mass (?:emails?|mailings?|messages)|bulk (?:emails?|messages)|mail ?merge|(?:sent|send|sending|blasted) (?:out )?(?:[0-9]+|hundreds of|a hundred|a thousand|thousands of|a ton of|tons of|so many|a lot of|loads of) (?:emails|messages|dms|letters|mailers|texts|connection requests)'), { prospecting: 3 }, { intro: 2 }, 'outreach'),
  S(w('(?:nobody|no one|noone|people|they) (?:ever )?(?:picks?|picking) up|not picking up|do not pick up|does not pick up|no one answers the phone'), { prospecting: 3 }, { intro: 2.5 }, 'outreach'),
  S(w('book(?:s|ed|ing)? (?:a |more |any )?(?:meetings?|appointments?|demos?|calls?|slots?|time slots?)|ask(?:ing)? (?:them |him |her )?for (?:a |the |an )?(?:first |quick |short |[0-9]+ minute |[a-z]+ minute )?(?:meeting|appointment|intro call|demo|visit)|set(?:ting)? (?:more )?(?:appointments|meetings)|get(?:ting)? (?:a |more )?(?:meetings?|appointments?)|land(?:ing)? meetings'), { prospecting: 2 }, { intro: 1.5 }, 'outreach'),
  S(w('(?:calendar|diary|pipeline|schedule) (?:is |was |looks )?(?:nearly |almost |pretty |completely |totally |basically )?(?:empty|bare|dry|thin)|empty (?:calendar|diary|pipeline)|(?:getting|get|got) in front of (?:people|anyone|buyers|prospects|new (?:clients|customers|people))'), { prospecting: 3 }, { intro: 2 }, 'outreach'),
  S(w('leads?|pipeline|new business|new clients|new customers|find (?:new )?(?:clients|customers|prospects)|generate (?:leads|business)'), { prospecting: 1.5 }, { intro: 0.5 }),
  S(w('scripts?|scripted|robotic|sound like a salesperson|sound like every other'), { prospecting: 1.5 }, { intro: 1 }),
  // At the door is the first moment of a door-to-door call, whatever is said there.
  S(w('door ?steps?|on (?:the|their|my) (?:porch|doorstep|door step)|(?:answer|answers|answered|open|opens|opened) the door'), { prospecting: 2.5 }, { intro: 3.5 }),
  S(w('elevator pitch|(?:30|thirty|60|sixty) second pitch'), { prospecting: 2.5, presentation: 1 }, { intro: 3.5 }, 'outreach'),
  S(w('business cards?|chamber of commerce|networking (?:event|events|breakfast|lunch|evening)|met (?:him|her|them|[a-z]+ [a-z]+|a [a-z]+ [a-z]+|an [a-z]+ [a-z]+) at (?:a|an|the) (?:trade show|event|conference|expo|fair|networking)'), { prospecting: 2 }, { intro: 1.5 }, 'outreach'),
  S(w('door to door|knock(?:ing)? on doors|walk ins?|walk in|trade shows?|networking|referrals?'), { prospecting: 2.5 }, { intro: 1.5 }, 'outreach'),
  S(w('(?:get|getting|reach|reaching|talk to|talking to|speak to|speaking to|connect with|find) (?:hold of |through to |in front of |to )?(?:the |a )?(?:actual |real |main |final |key )?(?:decision makers?|owners?|right person|person in charge|buyer)|decision makers? on the phone|wrong person|right person'), { prospecting: 3 }, { intro: 2.5 }),
  S(w('get (?:hold of|through to|in front of|a hold of)|on the phone|phone calls?'), { prospecting: 1 }, { intro: 1 }),
  S(w('open (?:a|the|my|every|each|these|those|our|first|initial)(?: first| initial)? (?:call|calls|conversation|conversations|meeting|meetings)|start (?:a|the|my) (?:call|conversation)|intro calls?|introductory calls?|first calls?|initial calls?'), { prospecting: 3 }, { intro: 3 }),
  S(w('inbound (?:[a-z]+ )?(?:leads?|calls?|requests?|enquiries|inquiries)|(?:inquiry|enquiry|contact|web|lead) forms?|fill(?:s|ed|ing)? (?:out|in) (?:the |a |our )?(?:form|inquiry|enquiry)|(?:facebook|instagram|google|online|social media|tiktok) (?:ads?|leads?)|(?:sign|signs|signing) up|downloaded|web ?site leads?|web leads?|warm leads?|signed up|trade show leads?|webinar'), { prospecting: 2 }, { intro: 1.5 }, 'outreach'),
  S(w('appointments?|meetings booked|calling blocks?|call blocks?|calling|dialing sessions?|call reluctance|phone time'), { prospecting: 2 }, { intro: 1 }),
  S(w('ignored|ignore (?:me|my)|ignoring (?:me|my)'), { prospecting: 1.5, follow_up: 1 }, {}),
  S(w('we are all set|all set|not interested|no thanks|no thank you'), { objection_handling: 2.5, prospecting: 1.5 }, { intro: 2 }),
  S(w('who is this|who are you|out of the blue|never (?:met|spoken to)|(?:do not|does not) know (?:me|us|who i am)|cold (?:lead|leads|prospect|prospects)|new (?:leads|prospects|accounts|territory)|first (?:message|email|touch)|get (?:my )?foot in the door|break into'), { prospecting: 2 }, { intro: 1.5 }, 'outreach'),
  S(w('(?:as soon as|the moment|right after|when) (?:they|someone|the prospect|the owner|he|she) (?:pick|picks|picked|answer|answers|answered) (?:up )?'), { prospecting: 1.5 }, { intro: 2.5 }),

  // A no-show is a meeting that never started: booking it was the opening.
  S(w('no ?shows?|no showed|no showing|(?:do not|did not|never) (?:show up|showed up|turn up|turned up) (?:to|for) (?:the |their |our |my )?(?:meeting|appointment|call|demo|slot|consultation)'), { prospecting: 2.5, follow_up: 2 }, { intro: 2.5 }, 'outreach'),

  // ---- Discovery: finding the need ----
  S(w('(?:learn|find out|know|understand|figure out|uncover|get to) (?:what|why|which|how much) (?:[a-z]+ ){0,2}(?:they|the client|the customer|the buyer|the prospect|clients|customers|buyers|prospects|people|he|she) (?:actually |really |truly )?(?:need|needs|want|wants|have|has|care about|cares about|use|uses|struggle with|are missing|is missing)'), { discovery: 3.5 }, { middle: 2 }),
  // What to ask, or finding something out earlier, is discovery, even when the thing is the budget or who decides.
  S(w('what (?:should|do|can|could|would) i (?:be )?ask(?:ing)?|what i should (?:be )?ask(?:ing)?|what to ask|(?:ask|asking|find|finding|figure|figuring) (?:out |about )?(?:earlier |sooner |first |up front |upfront )?(?:who (?:decides|signs|is involved|else is involved|makes the decision|has the final say|has a say)|(?:about )?(?:the |their )?budget|what their budget|the timeline|the decision process)|(?:much )?(?:earlier|sooner) in the (?:call|visit|meeting|process|conversation|sales process)'), { discovery: 3.5 }, { middle: 2 }),
  S(w('discovery|discovery calls?|needs analysis|needs assessment|fact finding|qualif(?:y|ying|ication|ied)|bant|meddic'), { discovery: 3.5 }, { middle: 2.5 }),
  S(w('(?:what|which|right|better|good|more|deeper|open|open ended|smart|sharp) questions?|questions (?:should|do|to|can) i|ask(?:ing)? (?:the right |better |good |more |smart |open )?questions|run out of questions|interrogat(?:e|ion|ions|ing)'), { discovery: 3.5 }, { middle: 1.5 }),
  S(w('uncover|dig (?:deeper|into)|get to the (?:root|real)|pain points?|pains?|root cause|underlying (?:need|problem)|surface(?: level)? answers?'), { discovery: 3 }, { middle: 1.5 }),
  S(w('(?:find|finding|figure|figuring|work|working) out (?:what|why|how) (?:they|the client|the customer|the prospect|prospects|buyers?|clients?|customers?|people) (?:actually |really |truly )?(?:need|needs|want|wants|care|cares|struggle)'), { discovery: 4 }, { middle: 2 }),
  S(w('what (?:the client|the customer|they|clients|customers|buyers|the prospect) (?:actually |really )?(?:need|needs|want|wants)|their needs|customer needs|client needs|understand (?:their|the) (?:business|situation|problem|needs|goals)'), { discovery: 3 }, { middle: 1.5 }),
  S(w('what (?:the client|the customer|they|clients|customers|buyers|the prospect|people|he|she) (?:actually |really |truly )?cares? about|what (?:matters|is important) to (?:them|him|her|the client|the customer)|what (?:drives|motivates) (?:them|him|her)|(?:realised|realized|found out|turned out|learned|learnt|discovered) (?:too late |later |afterwards |after )?(?:that )?(?:they|the [a-z]+|he|she|the client|the customer) (?:actually )?(?:wanted|needed|were looking for|was looking for|had no|did not)|wrong (?:houses|homes|properties|listings|options|product|package|plan)|(?:totally|completely) different (?:thing|neighbourhood|neighborhood|budget|product|need)'), { discovery: 3.5 }, { middle: 2 }),
  S(w('listen|listening|talk(?:ing)? too much|talk over|interrupt(?:ing)?|do(?:ing)? all the talking|monologue|let them talk'), { discovery: 3 }, { middle: 1.5 }),
  S(w('spin|situation questions?|problem questions?|implication questions?|need payoff|need-payoff'), { discovery: 3.5 }, { middle: 2 }),
  S(w('consultations?|consultation call|needs|timeline|goals|challenges|priorities|their problem|the problem'), { discovery: 1 }, { middle: 0.5 }),
  S(w('questions?'), { discovery: 2 }, { middle: 0.5 }),
  S(w('surface|superficial|real (?:problem|problems|issue|issues|reason|need|needs|pain|motivation)|what (?:keeps|is keeping) them up|(?:what|why) (?:they|the customer|the client|the buyer) (?:are|is) (?:looking for|after|trying to)'), { discovery: 3 }, { middle: 1.5 }),
  S(w('urgency|no urgency|sense of urgency|why now|fix it now|act now|cost of (?:doing nothing|inaction|waiting)|status quo|do nothing|(?:do|does) not see (?:the |a )?(?:need|problem|value|point|why)|(?:get|help|make) (?:them|him|her|people|clients|customers|buyers|owners) (?:to )?(?:actually |really )?(?:see|feel|realise|realize|admit) (?:the |a |that |there is a )?(?:problem|need|risk|pain|gap|cost)'), { discovery: 2.5, objection_handling: 1.5 }, { middle: 1.5 }),
  S(w('before i pitch|before pitching|before i present|before the demo'), { discovery: 2 }, { middle: 1 }),
  // Learning too late what should have come out early is a discovery problem, whatever came up.
  S(w('(?:never|do not|did not|forget to|forgot to|rarely) ask (?:how|what|why|who|about|them about|if|whether|where|when)|(?:ask|asking|asked) (?:up ?front|early|earlier|first)|(?:should have|could have|would have) (?:caught|asked|found out|known|spotted)|(?:caught|catch|found|find) (?:that|this|it|out) (?:way |much |a lot )?(?:earlier|sooner)|(?:only|always) find out|found out (?:at|during|after|too late|later|only)|find out (?:too late|at the end|after)|turns out|it turned out|turned out (?:that|a|an|the|they|he|she|their)|jump(?:s|ed|ing)? (?:straight |right )?(?:to|into) (?:solutions?|the solution|pitching|the pitch|quoting|a quote|the product|my pitch|recommending)|(?:already|straight to) (?:quoting|pitching|recommending)|makes (?:every|all the|all|the final|the) decisions?|who (?:actually |really )?(?:decides|makes the decision|signs|holds the budget)'), { discovery: 3.5 }, { middle: 2 }),
  S(w('(?:find|finding|figure|figuring) out (?:if|whether|who|what|how|why|where)|learn(?:ing)? (?:about|more about) (?:them|their|the customer|the client|the prospect)|open up|elaborate|one word answers?|short answers?|curious|probing|probe|who (?:else|makes|signs|decides|is involved)|decision (?:process|criteria)|buying process|money (?:set aside|for this)|budget range|(?:confirm|check) (?:the |their )?budget'), { discovery: 3 }, { middle: 1.5 }),

  // ---- Presentation: demos and pitches ----
  S(w('demos?|demoing|demonstrations?|walk ?throughs?|walk(?:ing|ed|s)? (?:them|him|her|people|clients|customers|buyers|prospects|[a-z]+s) through|product tours?|show(?:ing)? (?:them )?the (?:product|software|platform|tool)'), { presentation: 3.5 }, { middle: 2 }, 'deal'),
  S(w('(?:share|sharing|shared) (?:my )?screens?|click(?:ing|ed)? through|every (?:tab|feature|screen|slide|page|option)|(?:venue|site|property|showroom|model home|store|facility|office) tours?|(?:talk|talking|talked) (?:nonstop|non stop|the whole time|for [0-9]+ minutes|about (?:features|specs|packages))|on their phones'), { presentation: 3 }, { middle: 2 }),
  S(w('(?:connects?|relates?|ties?|tied|linked) (?:back )?to what (?:they|he|she|the client|the customer) (?:told me|said|need|needed|want|wanted|care about)|(?:does not|do not|did not|nothing) (?:connect|relate|tie)'), { presentation: 3.5 }, { middle: 1.5 }),
  S(w('(?:none of it|nothing|it) (?:sticks|stuck|lands|landed|lands with|clicks|clicked|sinks in|sank in)|does not (?:stick|land|click|sink in)|(?:just )?nod(?:s|ding)? along|(?:just )?nod and|blank (?:stares|faces|looks)|over their heads|lose them (?:when|during|in)|clinical data|(?:our|the) (?:data|specs|specifications|numbers|research|studies)'), { presentation: 3 }, { middle: 1.5 }),
  S(w('presentations?|presenting|present(?:s)?|slides?|decks?|power ?points?|pitch decks?'), { presentation: 3 }, { middle: 2 }),
  S(w('pitch|pitching|my pitch|the pitch'), { presentation: 1.5 }, { middle: 1.5 }),
  S(w('features?|benefits?|value|roi|return on investment|value proposition|tie (?:it )?to|connect (?:it )?to|why it matters|so what'), { presentation: 2 }, { middle: 1 }),
  S(w('eyes glaze|glaze over|glazed|bored|boring|lose (?:their |the )?(?:attention|interest)|losing (?:them|their attention)|zone out|zoning out|tune out|check(?:ing)? (?:their )?phones?|disengaged|not engaged|yawn'), { presentation: 3.5 }, { middle: 2 }),
  S(w('explain(?:ing|s)? (?:the |our |my |what |all the |these )?(?:product|service|value|offer|offering|solution|software|platform|roi|benefits?|it|options|plans|packages|differences|terms)|overwhelm(?:ed|ing|s)?|ramble|rambling|go on too long|talk too long|nervous (?:when|during) (?:i |the )?(?:present|pitch|demo)'), { presentation: 2.5 }, { middle: 1.5 }),
  S(w('too technical|jargon|too long|too much information|information dump|feature dump|data dump|show everything'), { presentation: 2.5 }, { middle: 1.5 }),
  S(w('stor(?:y|ies)|storytelling|case stud(?:y|ies)|testimonials?|examples'), { presentation: 1.5 }, { middle: 1 }),
  S(w('show(?:ing)? (?:them |a |an |the )?(?:what|how|why|value|results|proof|savings|the difference)|what makes (?:us|you|our [a-z]+) (?:different|better|unique)|stand out|different from|(?:explain|describe)(?:ing|s)? (?:what|how|why) (?:we|our|it|the)'), { presentation: 2.5 }, { middle: 1.5 }),

  // ---- Objections ----
  // "Mid-demo the CFO said…": the demo is where it happened; what the buyer raised is the trouble.
  S(w('(?:mid|during|halfway through|half way through|partway through|part way through|in the middle of|minutes into) (?:the |a |my |our )?(?:[a-z]+ )?(?:demo|presentation|pitch)(?: [a-z]+){0,4} (?:said|says|asked|asks|told me|tells me|goes|raised|brought up|interrupted|interrupts|pushed back|objected)|(?:demo|presentation|pitch) (?:was|is) going (?:well|great|fine|nicely)(?: [a-z]+){0,3} (?:then|until|when)'), { objection_handling: 2, presentation: -2 }, { middle: 1 }),
  S(w('objections?|push ?back|pushed back|brush(?:ed)? off|brush offs?|stall(?:s|ed|ing)?|excuses?|resistance|skeptic(?:al)?|push back'), { objection_handling: 3.5 }, { middle: 1.5 }),
  S(w('too expensive|(?:price|cost|rate|quote|it) (?:is|was|seems|looks) too high|too (?:much|pricey|costly)|(?:can not|could not|can t) afford|(?:no|tight|small|limited|out of|over) (?:the )?budget|cheaper|price objections?|(?:the |our |my )?price|pricing|costs?|expensive|overpriced|(?:the|that|this|enough|spend|spending|more|less) money'), { objection_handling: 3 }, { middle: 1.5 }),
  S(w('already (?:have|use|using|work with|working with|got|has|with) (?:a |an |the |their |our )?(?:vendor|supplier|provider|solution|someone|system|partner|agency|company|guy|tool|contract)?|happy with (?:their|our|the|what they|who they)|current (?:vendor|provider|supplier|solution|system|partner)|incumbent|locked into|under contract with|(?:we|they) (?:have|ve got|got) (?:a |an )?(?:[a-z]+ )?(?:contract|provider|supplier|vendor|agency) (?:with|already|in place|that)?'), { objection_handling: 3.5 }, { middle: 1.5 }),
  S(w('competitors?|competition|the other guys|switch(?:ing)? from|switch(?:ing)? (?:vendors|providers|suppliers)'), { objection_handling: 2, presentation: 0.5 }, { middle: 1 }),
  S(w('send (?:me |us |them )?(?:some |more |an |the )?(?:info|information|details|brochure|email|something|literature)|(?:email|mail) (?:me|us|them|it|over) (?:some |more |the )?(?:info|information|something|details)'), { objection_handling: 3.5, prospecting: 1 }, { intro: 2.5 }, 'outreach'),
  S(w('send (?:me |us |them )?(?:a proposal|pricing|a quote|your pricing|prices)'), { objection_handling: 2, follow_up: 1 }, {}),
  S(w('budget|budgets|(?:do|does|did) not have (?:the |a |any |enough )?(?:budget|money|funds)|no money|funds|funding|afford'), { objection_handling: 3 }, { middle: 1 }),
  S(w('timing (?:is|was) (?:not|off|wrong)|not the right time|wrong time|bad timing|timing|not (?:a )?priority|next (?:quarter|year|month)|maybe later|not now|not right now'), { objection_handling: 3 }, { middle: 0.5 }),
  S(w('how (?:do|should|can|would) (?:i|you|we) (?:handle|respond|answer|overcome|deal with|get past|reply|counter|react)|handle (?:it|that|this) when|handling|(?:do not|did not|never) have (?:an|a good|any) (?:answer|comeback|reply|response)'), { objection_handling: 2.5 }, {}),
  S(w('(?:i|we|they|he|she|you) (?:do not|does not|did not) (?:really )?need (?:a |an |the |any |more |another )?(?!to )[a-z]+|(?:would|d) rather (?:build|do|keep|wait|stay)|build (?:it|this|that|one) (?:ourselves|themselves|in house|internally)'), { objection_handling: 3 }, { middle: 1 }),
  S(w('hold (?:firm|my price|the price|the line|my ground)|stand firm|protect (?:my |our )?(?:margin|price)|margins?'), { objection_handling: 3, closing: 1 }, { close: 1 }),
  S(w('not (?:a )?(?:good|great|convenient) time|bad time|(?:too )?busy right now|call (?:me |back )?later|call back later|in a meeting'), { objection_handling: 3.5, prospecting: 0.5 }, { intro: 1.5 }),
  S(w('think about it|think it over|(?:we|i) will come back|talk about it|talk it over|discuss it|(?:come|pop|stop) (?:back|by) (?:tomorrow|later|next week|another time|another day|at the weekend|on the weekend)|thinking about it|sleep on it|mull it over|need (?:some )?time|get back to (?:me|you)|circle back'), { objection_handling: 2.5, closing: 2 }, { close: 3 }),
  S(w('(?:boss|manager|partner|spouse|wife|husband|committee|board|owner|director|cfo|ceo|vp|legal|procurement|finance|team|head office|headquarters) (?:has|needs|have|need|wants?|would need|must|will need) to (?:sign off|approve|decide|look|review|see|agree|okay|ok)|sign ?off|signoff|run it by|check with (?:my|their|his|her)|approval|approve|final say|not the decision maker|not the one who decides'), { objection_handling: 3, closing: 2 }, { close: 3 }),
  // Checking with someone else is what buyers say when the decision is due.
  S(w('(?:talk|talks|talking|speak|speaking|check|checking) (?:to|with) (?:my|his|her|their|the) (?:wife|husband|spouse|partner|boss|board|committee|cfo|ceo|accountant|team|family|owner|manager)(?: first)?'), { objection_handling: 2.5, closing: 1.5 }, { close: 4 }),
  S(w('(?:talk|talks|talking|think|go|run) (?:it |this |that )?(?:over|through|past) with|discuss (?:it |this )?with|consult(?:s|ing)? (?:with )?(?:my|his|her|their|the)|(?:with|by|from) (?:my |his |her |their |the )?(?:wife|husband|spouse|partner|boss|board|committee|cfo|ceo|procurement|legal|finance team)'), { objection_handling: 2.5, closing: 1.5 }, { close: 2.5 }),
  S(w('procurement|legal team|legal review|purchasing department|finance team|budget approval|red tape'), { closing: 1.5, objection_handling: 1.5 }, { close: 2 }),
  S(w('before (?:buying|they buy|he buys|she buys|signing|they sign|committing|they commit|purchasing|making a decision|deciding)'), { closing: 1.5 }, { close: 2 }),
  S(w('discounts?|lower (?:the )?price|price (?:down|reduction|drop)|negotiat(?:e|ing|ion|ions)|haggl(?:e|ing)|cav(?:e|ed|ing)|gave in|give in|fold|folds|folded|folding|cave in|back down|backed down|concessions?|match (?:the |their )?price|beat (?:the |their )?price|% off|percent off'), { objection_handling: 3, closing: 2 }, { close: 2 }),
  S(w('(?:[0-9]+ ?%?|a few hundred|a few thousand|hundreds|thousands) (?:cheaper|less|lower|off)|(?:cheaper|lower) (?:price|quote|offer) (?:from|at|across)|(?:shows?|showed|pulls? up|pulled up) (?:me )?(?:a |the |their )?(?:competitor|other dealer|dealer|other quote|cheaper)'), { objection_handling: 3, closing: 1.5 }, { close: 2 }),
  S(w('(?:getting|get|got|gets|shopping|shop|collect|collecting) (?:[a-z]+ )?(?:other |more |two |three |a few |several )+(?:quotes|bids|estimates|prices|offers)|other (?:quotes|bids|estimates|offers)|shop(?:ping)? around|compar(?:e|ing) (?:prices|quotes|options|offers)'), { objection_handling: 4.5 }, { middle: 1 }),
  S(w('(?:is|would be|sounds like|was) (?:a |an )?(?:nightmare|pain|hassle|headache|risk)|too (?:much )?(?:hassle|disruption|disruptive)|(?:i )?had (?:nothing|no answer|no comeback)|no (?:comeback|answer|reply) (?:for|to) (?:that|it|this)|(?:read|heard|saw|seen) (?:online|on the internet|on facebook|somewhere|that)|myths?|rumou?rs?|(?:i )?argu(?:e|ed|ing) with'), { objection_handling: 3 }, { middle: 1.5 }),
  S(w('(?:never|do not|does not|not) (?:buy|sign|decide|commit) (?:anything )?(?:the same day|on the spot|today|on the first visit|right away)|same day|on the spot'), { objection_handling: 3, closing: 2.5 }, { close: 3 }),
  // "We tried something like this before": the buyer's bad experience with a similar product.
  S(w('(?:we|they|he|she) (?:already )?(?:tried|used|had|bought) (?:a |an |one |something |some )?(?:[a-z]+ )?(?:like (?:this|that|it|yours|ours)|similar)|tried (?:it|that|this|one) before|(?:nobody|no one) (?:ever )?used it|(?:did not|never) work(?:ed)? (?:for us|for them|last time)'), { objection_handling: 3 }, { middle: 1.5 }),
  S(w('(?:when|if|whenever) (?:it|that|this|they|objections?|those) (?:comes?|came) up|defensive|froze|freeze|freezing|(?:did not|do not|never) know what to say|went blank|go blank|caught off guard|deer in the headlights|flustered|stumble'), { objection_handling: 1.5 }, {}),
  S(w('(?:do not|does not|did not|not|never) (?:trust|believe)|legit|legitimate|scams?|scammers?|rip ?offs?|wary|burned|burnt|bad experience|terrible experience|bad reviews?|disaster|too (?:complicated|complex|risky|small|big|new|much hassle)|nice to have|(?:do not|does not) need (?:it|this|that|us|anything)|do it (?:ourselves|themselves|in house)|in house|stick with|free tool|(?:we are|they are) fine'), { objection_handling: 3 }, { middle: 1.5 }),

  // ---- Closing ----
  S(w('clos(?:e|es|ed|ing) (?:the |a |more )?(?:deal|deals|sale|sales|business)|closing|(?:a|the|good|better|great|strong|weak|bad|natural|real) closer|close rate|closing rate|the close|my close|to close|at the close'), { closing: 3.5 }, { close: 3 }),
  S(w('ask(?:s|ed|ing)? for (?:the )?(?:order|sale|business|commitment|signature|money|deal|close)|(?:would you like to|do you want to|are you ready to|shall we) (?:buy|go ahead|order|sign|get started|move forward|take it)|ask(?:s|ed|ing)? (?:them|him|her|the [a-z]+|a [a-z]+|an [a-z]+|a [a-z]+ [a-z]+|the [a-z]+ [a-z]+) to (?:buy|sign|commit|go ahead|move forward|pay|place (?:the |an )?order)|ask them to (?:buy|sign|commit)|ask(?:ing)? for it'), { closing: 4 }, { close: 3.5 }, 'deal'),
  S(w('(?:move|moving|get|getting|go|going|transition|transitioning) (?:them )?(?:to|into|towards) (?:the )?(?:signing|signature|close|closing|contract|paperwork|order|ask)|(?:says?|said|say) (?:it )?(?:looks good|sounds good|sounds great|looks great|love it|like it)'), { closing: 3.5 }, { close: 3 }),
  S(/ (?:never|do not|did not|forget to|afraid to|scared to|too scared to|too afraid to) (?:actually |even |really )?ask (?:$|and |but |so |then |because )|wait(?:ing)? for them to (?:say something|say anything|decide|offer|bring it up|buy|speak)|(?:just )?stand there|all the way (?:through|to the end) and then|(?:goes|went|go) (?:great|well|fine|smoothly) (?:all the way )?(?:until|till|up to)/, { closing: 3.5 }, { close: 3 }),
  S(w('pushy|salesy|aggressive|desperate|begging|needy|too forward'), { closing: 2.5 }, { close: 1 }),
  S(w('sign(?:ed|ing|s)? (?:the |a )?(?:contract|agreement|paperwork|deal|order)|signed|contracts?|paperwork|signatures?|dotted line|purchase order|po'), { closing: 3 }, { close: 3 }, 'deal'),
  S(w('next steps?|set (?:clear |a )?next steps?|mutual action plan|action plan|calendar invite|book the next'), { closing: 2.5, follow_up: 1.5 }, { close: 2.5 }, 'deal'),
  S(w('(?:deal|deals|it|they|opportunity|opportunities) (?:drift|drifts|drifting|stall|stalls|stalled|die|dies|died|dying|go cold|goes cold|went cold|fizzles?|fizzled|falls? through|fell through|slips?|slipped)|then it dies|lose the deal|lost the deal|deals slip'), { closing: 2, follow_up: 1.5 }, { close: 3 }),
  S(w('verbal (?:yes|yeses|commitment|agreement|ok|okay)|(?:said|says|say) yes|they agree|agreed in principle'), { closing: 3 }, { close: 3 }, 'deal'),
  S(w('get (?:them|the customer|the client|customers|clients|people|prospects|buyers|him|her) to (?:commit|buy|sign|agree|say yes|move forward|decide)|(?:ready|willing|going|decide|deciding|commit|committing) to (?:buy|purchase|sign|move forward|go ahead)|move forward|go ahead|pull the trigger'), { closing: 4 }, { close: 3 }),
  S(w('los(?:e|es|ing|t) (?:the |a |my |more |so many |too many )?(?:deal|deals|sale|sales)|win rate|close ratio|closing ratio|conversion rate'), { closing: 2 }, { close: 1.5 }),
  S(w('commit(?:ment|ted|s)?|decisions?|decide|buying signals?|seal the deal|over the line|get the yes|get a yes|get to yes|get them to buy|get them to commit|close them'), { closing: 2 }, { close: 2 }),
  S(w('assumptive close|summary close|trial close|alternative (?:choice )?close|now or never close|puppy dog close|takeaway close|closing techniques?|closing lines?|closing questions?'), { closing: 4 }, { close: 3.5 }),
  S(w('hesitat(?:e|es|ion|ing)|on the fence|undecided|cold feet|last minute'), { closing: 1.5, objection_handling: 1 }, { close: 2 }),
  S(w('start date|(?:pick|choose|chose|picked|go with) us|lock in|(?:get|place|take) (?:the |an |a |their |first )?(?:order|opening order)|(?:confirm|finalise|finalize) the (?:deal|order|sale)|final (?:yes|answer|decision)|yes but'), { closing: 3 }, { close: 2.5 }),

  // ---- Follow-up ----
  S(w('follow(?:ing|s|ed)? ?up|follow ups?|followup|followups'), { follow_up: 4 }, { close: 2.5 }),
  // "I go quiet" is the rep, not the buyer: only the buyer going quiet is a follow-up problem.
  S(/(?<! i| we) (?:went|go|goes|going|gone) (?:completely |totally |all )?(?:silent|dark|quiet|cold|missing) /, { follow_up: 4 }, { close: 2.5 }),
  S(w('ghost(?:ed|ing|s)?|disappear(?:ed|s)?|radio silence|vanish(?:ed|es)?|(?:stop|stopped|stops) (?:responding|answering|replying|returning)|never hear back|do not hear back|did not hear back'), { follow_up: 4 }, { close: 2.5 }),
  S(w('(?:has not|have not|had not|does not|do not|did not|never|will not|not) (?:answered|answer|responded|respond|replied|reply|returned|return|got back|gotten back|called back|call back|get back)|unanswered|no answer'), { follow_up: 3 }, { close: 1.5 }),
  S(w('after (?:i|we) (?:send|sent|submit|submitted|email|emailed|share|shared) (?:the |a |my |our )?(?:proposal|quote|contract|pricing|estimate|bid|offer|info|information)|(?:sent|send|submitted|emailed|gave|give) (?:them |him |her )?(?:the |a |my |our )?(?:proposal|quote|estimate|bid)|(?:proposal|quote|estimate|bid|offer) (?:went|goes|is|was) (?:in|out|over)|(?:asked|asks|requested|requests) (?:me |us )?for (?:a |the |our )?(?:quote|proposal|estimate|bid)'), { follow_up: 3, closing: 1 }, { close: 3.5 }, 'deal'),
  // A quote on its own may be what the buyer shops for ("just want the cheapest quote"), not one sent.
  S(w('proposals?|quotes?|estimates?|bids?'), { follow_up: 1.5, closing: 0.5 }, { close: 1.5 }, 'deal'),
  S(w('how often|how many times|cadence|check(?:ing)? in|checking back|touch ?points?|touches|reach(?:ing)? out again|chas(?:e|ing)|nudg(?:e|ing)|reminders?|nag(?:ging)?|pester(?:ing)?|stay(?:ing)? top of mind|keep in touch'), { follow_up: 3 }, { close: 1.5 }),
  S(w('break ?up emails?|last email|final email'), { follow_up: 3.5 }, { close: 2 }),
  S(w('(?:say|said|says|tell me|told me) (?:that )?(?:they will|they ll|he will|she will|they would|he would|she would|they are going to) (?:come back|call|get back|think|let me know|be in touch|decide)|most (?:of them )?(?:do not|never) (?:come back|call|reply|show)|(?:never|did not) (?:come back|show up|showed up)|what (?:should|do|can) i send'), { follow_up: 3 }, { close: 2 }),
  S(w('(?:call|contact|ring|email|reach) (?:me|us|them|him|her) (?:back )?(?:closer to|near|around|after|in the|next)|renewals?|renewed|(?:i )?(?:forget|forgot) to (?:call|follow|get back|reach)|(?:getting|get|got) back to them|crm|(?:no|zero|any) system|sticky notes|(?:keep|kept|keeping) track|fall(?:s|ing)? through the cracks|slipped through'), { follow_up: 4.5 }, { close: 2 }),
  S(w('never hear (?:from|back from) (?:them|him|her)|back to life|re ?engag(?:e|ing)|still interested|went (?:missing|quiet)|no (?:reply|response|answer) (?:since|after)|opened my (?:email|emails|proposal)|(?:call|ping|email) me (?:back )?(?:in|next)'), { follow_up: 3 }, { close: 2 }),
  S(w('after (?:the |a |our |my )?(?:first |initial |last |second )?(?:meeting|call|demo|presentation|visit|appointment)'), { follow_up: 2.5 }, { close: 2 }, 'deal'),
  S(w('keep (?:the conversation|the deal|things|it) (?:going|moving|alive|warm)|stay in touch|annoying|annoy (?:them|people)|bother(?:ing)? them|(?:i|we|should i|do i|to) (?:call|email|text|message|reach out to|ping) (?:them |him |her )?(?:again|back)|second email|third email|another email'), { follow_up: 2.5 }, { close: 2 }),

  // ---- Stage cues without a topic of their own ----
  // Someone who has test-driven, viewed or toured has met the rep: chasing them is chasing a deal.
  S(w('test (?:drive|drives|drove|driven)|viewings?|showings?|(?:site|home|showroom) visits?|(?:took|take|takes|taking) (?:a |the )?tour|free trial|trial (?:lesson|class|period|session)'), {}, {}, 'deal'),
  S(w('(?:tours?|visits?|demos?|meetings?|presentations?|consultations?|appointments?|deals?|showings?|test drives?|they|it|these|those) (?:always |usually |often |all |every time |tend to )?(?:end|ends|ended|finish|finishes|wrap up|wraps up) (?:with|on)|end (?:the |my |our |these |a )?(?:meetings?|demos?|visits?|presentations?|consultations?)'), {}, { close: 4 }),
  S(w('(?:at|toward|towards|near|right at|close to) the (?:very )?end|last minute|last second|eleventh hour|final hurdle|end of (?:the |a |my )?(?:call|meeting|demo|presentation|conversation|pitch)|wrap(?:ping)? up|final (?:stage|step|meeting)|last step'), {}, { close: 4 }),
  S(w('(?:contract|agreement|paperwork|order form|pen|offer) (?:is |was )?on the table|(?:this |so |very )?late in the (?:deal|process|game|sales cycle|sale)|final (?:call|meeting|round|negotiation|two|presentation|review)|last meeting|(?:right )?before (?:we |they |he |she )?sign(?:ed|ing)?|at signing|(?:about|ready|going) to sign'), {}, { close: 3 }),
  S(w('(?:half ?way|halfway|midway|mid (?:meeting|call|conversation|demo|presentation|pitch)|in the middle|middle of)(?! (?:of )?(?:something|a meeting|work|dinner|lunch|my day|a job))'), {}, { middle: 4 }),
  S(w('during (?:the |my |a |our )?(?:(?!final |closing |last )[a-z]+ )?(?:demo|demos|presentation|call|calls|pitch|meeting|meetings|discovery|conversation)|(?:[a-z0-9]+ )?minutes into (?:the |a |my |our )?(?:[a-z]+ )?(?:demo|presentation|pitch|meeting|call)'), {}, { middle: 3 }),
  S(w('(?:start|beginning|opening|top) of (?:the |a |my )?(?:call|calls|meeting|conversation)|within (?:the first )?(?:seconds|a minute)|(?:pick|picks) up the phone|who is calling|who this is'), {}, { intro: 3.5 }),
];
