import type { Topic } from '../../../../shared/coaching.js';

/**
 * The coaching the built-in engine gives, per topic: techniques named after their method, each
 * with the how, an example line (with {product} and {industry} filled from the rep's profile)
 * and one action for the next call. `fits` picks the technique that matches what the rep
 * described; the rest are offered in turn as "another tip".
 */
export interface Technique {
  id: string;
  topic: Topic;
  name: string;
  /**
   * Headings (or distinctive parts of them) of the knowledge-base sections this technique comes
   * from, best first: the coach cites the first one it finds, matched case-insensitively.
   */
  sources: string[];
  /** The named method it comes from (DECISIONS §6): SPIN, a SQUARE step, a closing or objection pattern. */
  method: string;
  fits?: RegExp;
  why: string;
  steps: string[];
  example: string;
  action: string;
  /** The prospect's line for a role-play of this situation. */
  roleplay: string;
}

export const TECHNIQUES: Technique[] = [
  // ---- Prospecting (SQUARE: Set the stage) ----
  {
    id: 'permission-opener',
    topic: 'prospecting',
    name: 'The permission-based opener',
    sources: ['the permission-based opener'],
    method: 'SQUARE · Set the stage',
    fits: /cold call|hang|hung|opener|opening|first (?:few |ten |couple )?(?:seconds|minutes)|script|pick up|who is calling/,
    why: 'People hang up when the first seconds sound like a pitch. Naming the interruption and asking for 30 seconds lowers their guard and gives you a reason to keep talking.',
    steps: ['Say who you are in one breath.', 'Name the interruption honestly.', 'Ask for 30 seconds to say why you called, then stop talking.'],
    example: '"Hi, it\'s [your name] with {product}. I\'m calling out of the blue, so can I take 30 seconds to tell you why, and you can decide if it\'s worth a chat?"',
    action: 'Use this exact opener on your next five dials and count how many people say "go ahead".',
    roleplay: 'Yeah? Who is this? I\'m in the middle of something.',
  },
  {
    id: 'gatekeeper-ally',
    topic: 'prospecting',
    name: 'Make the gatekeeper your ally',
    sources: ['Getting past the gatekeeper'],
    method: 'SQUARE · Set the stage',
    fits: /gatekeeper|receptionist|front desk|secretary|office manager|get past|get through|decision maker|owner/,
    why: 'Receptionists are paid to screen pitches, not people who need help. Treat them as the expert on who decides, and they route you instead of blocking you.',
    steps: ['Use your first name and a calm, familiar tone.', 'Ask for help, not for the boss.', 'Give the reason in one plain sentence that is about their office, not your product.'],
    example: '"Hi, this is [your name]. I\'m hoping you can point me in the right direction: who looks after decisions about {product} for the office?"',
    action: 'On your next call, write down the gatekeeper\'s name and use it when you call back.',
    roleplay: 'She\'s busy all day. What is this regarding?',
  },
  {
    id: 'relevant-reason',
    topic: 'prospecting',
    name: 'The reason-for-calling opener',
    sources: ['the reason-for-calling opener'],
    method: 'SQUARE · Set the stage',
    fits: /rapport|small talk|awkward|connect|trust|icebreaker|first impression|introduce/,
    why: 'Rapport in the first minutes comes from relevance, not small talk: showing you did your homework on their world earns the next five minutes.',
    steps: ['Open with one specific observation about their business or role.', 'Link it to a problem peers in {industry} often have.', 'Ask an easy question about it.'],
    example: '"I noticed you\'ve opened a second location this year. Most {industry} teams I talk to find that\'s when [the problem {product} solves] starts to bite. How has that been for you?"',
    action: 'Before each call tomorrow, spend two minutes finding one fact about the prospect to open with.',
    roleplay: 'Okay... I have about two minutes. What do you want?',
  },
  {
    id: 'three-touch-outreach',
    topic: 'prospecting',
    name: 'The three-touch, value-first outreach',
    sources: ['LinkedIn outreach that gets replies', 'Cold email that gets replies'],
    method: 'SQUARE · Set the stage',
    fits: /linkedin|email|emails|inmail|outreach|replies|reply|response rate|ignored|opened|message/,
    why: 'Messages that talk about you get ignored; a short note about their problem, sent on more than one channel, gets replies.',
    steps: ['Touch 1: a two-line message about one problem they likely have, with a yes/no question.', 'Touch 2, three days later: one useful resource, no ask.', 'Touch 3: a call referencing the message.'],
    example: '"Hi [name], teams in {industry} often lose hours to [problem]. Is that on your list this quarter, or not a priority right now?"',
    action: 'Rewrite your next outreach message to under 60 words that end in a yes/no question, and send it to ten prospects.',
    roleplay: 'I get twenty of these a day. Why should I answer yours?',
  },
  // ---- Discovery (SPIN, SQUARE: Question / Uncover) ----
  {
    id: 'spin-problem-implication',
    topic: 'discovery',
    name: 'Problem and Implication questions',
    sources: ['Implication questions (SPIN)', 'Problem questions (SPIN)'],
    method: 'SPIN Selling',
    fits: /question|uncover|pain|need|find out|surface|spin|real problem|open up/,
    why: 'Situation questions alone make a call feel like a survey. Problem questions surface the pain; Implication questions make its cost real, which is what creates urgency.',
    steps: ['Ask at most two Situation questions; you can research the rest.', 'Ask a Problem question: what is hard, slow or costly today?', 'Follow with an Implication question: what does that lead to?', 'Only then ask a Need-payoff question: what would fixing it be worth?'],
    example: '"You mentioned [problem]. When that happens, what does it cost you in time or revenue each month?"',
    action: 'On your next discovery call, ask at least two Implication questions before you mention {product}.',
    roleplay: 'Honestly, things are fine. We manage.',
  },
  {
    id: 'listen-70-30',
    topic: 'discovery',
    name: 'The 70/30 listening rule with layered questions',
    sources: ['Layered questions', 'Listening on sales calls'],
    method: 'SQUARE · Question',
    fits: /listen|talk too much|talking too much|interrupt|monologue|one word|short answers|interrogat/,
    why: 'Buyers trust reps who let them talk. Layering (asking "tell me more" on their own words) keeps them talking without turning the call into an interrogation.',
    steps: ['Aim for them talking 70 % of the time.', 'After each answer, pause for two seconds.', 'Layer: repeat a key word they used and ask them to expand on it.'],
    example: '"You said the handover is \'messy\'. Messy how? Walk me through the last time it happened."',
    action: 'Record your next discovery call (with permission) and count who talked more.',
    roleplay: 'We just need something that works. Can you tell me about your product?',
  },
  {
    id: 'cost-of-inaction',
    topic: 'discovery',
    name: 'Put a number on the problem',
    sources: ['Uncovering pain and putting a cost on it'],
    method: 'SQUARE · Uncover the need and what it costs',
    fits: /urgency|why now|status quo|do nothing|budget|qualif|decision|authority|timing|cost/,
    why: 'A need without a price tag loses to "let\'s wait". When the buyer calculates the cost of doing nothing, they defend your solution to their own boss.',
    steps: ['Ask how often the problem happens.', 'Ask what each occurrence costs (time, money, customers).', 'Multiply it out loud together and confirm the number.', 'Ask who else feels that cost and who decides on fixing it.'],
    example: '"So if it happens about ten times a month and each one costs a few hours, what is that worth over a year for you?"',
    action: 'On your next call, get the buyer to say one number about what the problem costs them.',
    roleplay: 'It\'s annoying, sure, but I don\'t think it costs us that much.',
  },
  // ---- Presentation (SQUARE: Recommend) ----
  {
    id: 'feature-benefit-value',
    topic: 'presentation',
    name: 'The feature → benefit → value bridge ("which means that…")',
    sources: ['Feature → benefit → value'],
    method: 'SQUARE · Recommend',
    fits: /feature|value|roi|benefit|tie|different|differentiat|explain|technical/,
    why: 'Features are what {product} does; buyers buy what it means for them. The bridge turns every feature into their outcome.',
    steps: ['Name one feature.', 'Say "which means that…" and give the benefit.', 'Say "so for you…" and tie it to a need they told you in discovery.'],
    example: '"{product} [does the feature they asked about], which means [what changes for them], so for you that\'s [the problem they named, in their words] taken care of."',
    action: 'Before your next presentation, rewrite your top three features as bridges ending in "so for you…".',
    roleplay: 'That sounds like every other tool we\'ve seen. What makes yours different?',
  },
  {
    id: 'tailored-demo',
    topic: 'presentation',
    name: 'The three-point tailored demo',
    sources: ['Tailoring the demo'],
    method: 'SQUARE · Recommend',
    fits: /demo|glaze|bored|attention|phones|slides|deck|long|walkthrough|engaged/,
    why: 'Attention drops when a demo tours everything. Showing only the three things tied to their pains, in their order of importance, keeps eyes on the screen.',
    steps: ['Open by restating their top three pains.', 'Show one capability per pain, then stop.', 'After each, ask a check-in question before moving on.'],
    example: '"You told me the three things hurting most are A, B and C. I\'ll show you how {product} handles each, and you tell me if it fits. Sound fair?"',
    action: 'Cut your next demo to the three features that match what the buyer told you, and time it to under 20 minutes.',
    roleplay: 'Can you just show me the whole thing? I want to see everything it does.',
  },
  {
    id: 'check-in-trial-close',
    topic: 'presentation',
    name: 'Check-in questions during the presentation',
    sources: ['Trial questions during the demo'],
    method: 'Trial close',
    fits: /interested|polite|engaged|nod|reaction|questions i can not answer|lose|interrupt/,
    why: 'A silent audience is not an agreeing audience. Small check-in questions turn a monologue into a conversation and tell you where they stand before you ask for anything.',
    steps: ['Every few minutes, ask a low-pressure opinion question.', 'Listen for hesitation and explore it right away.', 'Note every "yes" to use in your summary close.'],
    example: '"How does that compare with how you handle it today?"',
    action: 'Put three check-in questions on a sticky note and ask each during your next presentation.',
    roleplay: 'Mm-hm. Okay. Keep going.',
  },
  // ---- Objection handling (SQUARE: Address objections) ----
  {
    id: 'acca-price',
    topic: 'objection_handling',
    name: 'Acknowledge–Clarify–Answer–Confirm on price',
    sources: ['Price objection', 'Objection handling method: Acknowledge'],
    method: 'SQUARE · Address objections',
    fits: /expensive|price|cost|budget|afford|cheaper|money|half the price/,
    why: '"Too expensive" usually means "I don\'t yet see enough value" or "I have a number in mind". Clarifying first tells you which, instead of defending blindly or dropping your price.',
    steps: ['Acknowledge: agree it is a fair concern.', 'Clarify: "too expensive compared with what?"', 'Answer: compare the price with the cost of the problem they told you about.', 'Confirm: ask if that answers it.'],
    example: '"That\'s fair, it is an investment. When you say it\'s too much, is that compared with another option, or with the budget you set aside? ... You mentioned the problem costs you about [cost] a month; {product} pays for itself if it fixes half of that. Does that change how it looks?"',
    action: 'Next time price comes up, ask the clarifying question before you say anything about value.',
    roleplay: 'Look, it\'s just too expensive for us.',
  },
  {
    id: 'incumbent-wedge',
    topic: 'objection_handling',
    name: 'The incumbent wedge question',
    sources: ['We already have a vendor'],
    method: 'SQUARE · Address objections',
    fits: /vendor|provider|supplier|happy with|current|already|incumbent|locked|contract with|switch|competitor/,
    why: 'Arguing with "we\'re happy" makes them defend their choice. A curious question about what they would improve opens a door without asking them to admit a mistake.',
    steps: ['Acknowledge and congratulate them on having something that works.', 'Ask what they would change if they could change one thing.', 'Offer a low-risk comparison, not a switch.'],
    example: '"Good to hear it\'s working. Most {industry} teams I speak to are happy overall. If you could change one thing about your current setup, what would it be?"',
    action: 'Write the wedge question on your call sheet and ask it the next time you hear "we already have someone".',
    roleplay: 'We already have a provider and we\'re pretty happy with them.',
  },
  {
    id: 'brush-off-pivot',
    topic: 'objection_handling',
    name: 'The brush-off pivot ("send me some information")',
    sources: ['Send me some information', 'I\'m not interested'],
    method: 'Objection handling · Acknowledge and pivot',
    fits: /send|email them|information|info|brochure|not a good time|busy|call back|not interested|all set|timing|later|shop around/,
    why: 'Brush-offs end calls politely; they are rarely real requests. Agree, then ask one question that makes the next step specific.',
    steps: ['Agree to the request.', 'Ask one qualifying question so what you send is relevant.', 'Book a short time to go through it together.'],
    example: '"Happy to. So I send the right thing rather than a generic brochure: what\'s the one thing you\'d want {product} to fix? ... Great, I\'ll send that over. Shall we take ten minutes on Thursday to see if it fits?"',
    action: 'Next time you hear a brush-off, ask the qualifying question before you hang up.',
    roleplay: 'Just send me some information and I\'ll take a look.',
  },
  {
    id: 'isolate-concern',
    topic: 'objection_handling',
    name: 'Isolate the real concern',
    sources: ['I need to think about it', 'My boss has to sign off'],
    method: 'Objection handling · Feel-Felt-Found',
    fits: /think about it|think it over|sleep on it|boss|wife|husband|partner|committee|approve|sign off|tried|before|risk|trust|shop around|shopping around|other quotes|more quotes|compare|comparing/,
    why: '"I need to think about it" or "my boss has to approve" often hides one unresolved doubt. Naming it politely lets you solve it now, or arm your champion for the meeting you are not in.',
    steps: ['Feel: "I understand, it\'s a real decision."', 'Felt: "Other clients felt the same before they…"', 'Found: "…and found that [outcome]."', 'Then isolate: "Apart from that, is there anything else that would stop you?"'],
    example: '"Completely fair. When you think it over, what will you be weighing up most: the price, the timing, or whether {product} will really work for your team?"',
    action: 'When you next hear a stall, ask the isolating question and write down the exact answer.',
    roleplay: 'It looks good, but I need to think about it and run it by my boss.',
  },
  {
    id: 'trade-dont-give',
    topic: 'objection_handling',
    name: 'Trade, don\'t give (concession trading)',
    sources: ['Discount requests'],
    method: 'Negotiation · Concession trading',
    fits: /discount|lower|price down|negotiat|caved|gave in|margin|hold firm|% off|percent off/,
    why: 'A discount given for nothing teaches buyers to ask again and signals your price was padded. Every concession should buy something: a longer term, a faster signature, a case study.',
    steps: ['Pause and ask what the discount would need to achieve for them.', 'If you move, move once and in small steps.', 'Always attach a condition: "If I can…, would you…?"'],
    example: '"I can\'t take 30 % off, but if you can sign this month on a 12-month term, I can include onboarding at no charge. Would that work?"',
    action: 'Before your next negotiation, write the three things you could ask for in return for a concession.',
    roleplay: 'We love it, but we need 30 % off to get this approved.',
  },
  // ---- Closing (SQUARE: Earn the commitment) ----
  {
    id: 'summary-close',
    topic: 'closing',
    name: 'The summary close',
    sources: ['Summary close'],
    method: 'Closing · Summary close',
    fits: /ask for|pushy|salesy|begging|scared|afraid|order|sale|business|commit|summary/,
    why: 'Asking feels pushy when it comes out of nowhere. Summarising what they told you and how {product} answers it makes the ask the natural next sentence.',
    steps: ['Recap their top needs in their own words.', 'Tie each to what {product} does.', 'Ask a direct, friendly closing question and then stay silent.'],
    example: '"You told me you wanted [their first need], [their second] and [their third]. {product} covers all three. Shall we get you started on [a start date that suits them]?"',
    action: 'Write your summary close before your next meeting and say it word for word at the end.',
    roleplay: 'This all sounds good. So... what happens now?',
  },
  {
    id: 'assumptive-close',
    topic: 'closing',
    name: 'The assumptive close',
    sources: ['Assumptive close'],
    method: 'Closing · Assumptive close',
    fits: /assumptive|buying signal|right moment|when to close|which close|technique/,
    why: 'When buying signals are strong, asking "do you want to buy?" invites doubt. Asking about the details of getting started assumes the decision they have already signalled.',
    steps: ['Watch for buying signals: questions about start dates, onboarding, price details.', 'Ask a logistics question instead of a yes/no question.', 'If they hesitate, go back to a trial close and find the doubt.'],
    example: '"Would you like us to get started before or after [a date that matters to them]?"',
    action: 'List the buying signals you hear on your next call and try one assumptive question when you hear two.',
    roleplay: 'How long does it usually take to get set up?',
  },
  {
    id: 'next-step-close',
    topic: 'closing',
    name: 'The next-step close with a mutual action plan',
    sources: ['Next-step close'],
    method: 'SQUARE · Earn the commitment',
    fits: /next step|drift|stall|die|dies|cold|verbal|yes|sign|signed|contract|paperwork|delay|final|line/,
    why: 'Deals drift when the meeting ends without a dated next step. A short mutual plan (who does what by when) turns a verbal yes into a signature.',
    steps: ['Before the meeting ends, ask what has to happen for them to go ahead.', 'Write the steps, owners and dates together.', 'Book the next meeting while you are both still in the room.'],
    example: '"Before we wrap up: what needs to happen on your side to get this signed by the 30th? Let\'s put those steps and dates in a short plan and book 15 minutes next Tuesday to check it."',
    action: 'Do not end your next meeting without a calendar invite for the next step accepted.',
    roleplay: 'Yes, we\'re definitely interested. Let\'s keep in touch.',
  },
  {
    id: 'alternative-choice',
    topic: 'closing',
    name: 'The alternative-choice close',
    sources: ['Alternative-choice close'],
    method: 'Closing · Alternative-choice close',
    fits: /pushy|hesitat|fence|undecided|options|choice/,
    why: 'Two good options feel like help, not pressure: the buyer chooses how to go ahead rather than whether to.',
    steps: ['Offer two options that both mean yes.', 'Recommend one and say why.', 'Let them choose.'],
    example: '"Would you rather start with {product} for [one team, site or room], or for [all of them] at once? For you I\'d start with [the smaller step], because [their reason]."',
    action: 'Prepare two yes-options for your next closing conversation.',
    roleplay: 'I don\'t know... I\'m still not sure which way to go.',
  },
  // ---- Follow-up ----
  {
    id: 'value-cadence',
    topic: 'follow_up',
    name: 'The value-add follow-up cadence',
    sources: ['Adding value in every follow-up', 'Follow-up cadence for an unresponsive lead'],
    method: 'Follow-up cadence',
    fits: /how often|cadence|how many|wait|chase|nag|annoying|emails|haven.t answered|not answered|lead/,
    why: '"Just checking in" gives busy people nothing to answer. A planned cadence where every touch adds something useful keeps you welcome rather than annoying.',
    steps: ['Plan about eight touches over three weeks, mixing email, phone and LinkedIn.', 'Make each touch useful: an insight, a short case story, a question.', 'End with a polite break-up message if there is no answer.'],
    example: '"Hi [name], one thought for [their company]: a {industry} client cut [problem] by a third in their first month with {product}. Worth 10 minutes to see if the same applies to you?"',
    action: 'Put the next three touches for your quietest lead in your calendar today, each with something useful to say.',
    roleplay: 'Sorry, I\'ve been slammed. Remind me what this was about?',
  },
  {
    id: 'proposal-walkthrough',
    topic: 'follow_up',
    name: 'Never send a proposal into silence',
    sources: ['Prospect went silent after the proposal'],
    method: 'SQUARE · Earn the commitment',
    fits: /proposal|quote|estimate|bid|silent|ghost|dark|disappear|stopped|quiet|returning/,
    why: 'A proposal sent by email gets forwarded, skimmed and forgotten. Booking the walk-through before you send it keeps you in the conversation when the decision is made.',
    steps: ['Before sending, book 20 minutes to go through it together.', 'If they have gone quiet, send a short message with a yes/no question.', 'Offer a reason to re-engage: a deadline, a change, a new idea.'],
    example: '"Hi [name], I haven\'t heard back on the proposal, which usually means priorities changed. Should I close the file for now, or is it still on your list this quarter?"',
    action: 'For your next proposal, book the walk-through meeting before you press send.',
    roleplay: 'We\'ve been busy. We haven\'t had a chance to look at your proposal yet.',
  },
  {
    id: 'break-up-email',
    topic: 'follow_up',
    name: 'The break-up email',
    sources: ['The break-up email'],
    method: 'Follow-up cadence · Break-up email',
    fits: /break ?up|last email|final|never answer|no answer|gave up/,
    why: 'A respectful last message that offers to close the file often gets the reply the other eight did not, because it asks for an easy answer.',
    steps: ['Keep it to three sentences.', 'Assume they are busy, not rude.', 'Give them an easy way to say yes, no or later.'],
    example: '"Hi [name], I haven\'t been able to reach you, so I\'ll assume {product} isn\'t a priority right now and close the file. If that changes, just reply \'later\' and I\'ll check back next quarter."',
    action: 'Send a break-up email to your three oldest silent leads this week.',
    roleplay: '(No answer for three weeks.)',
  },
];

export function techniquesFor(topic: Topic): Technique[] {
  return TECHNIQUES.filter((t) => t.topic === topic);
}

export interface FollowUpQuestion {
  question: string;
  options: string[];
}

/**
 * The targeted follow-up question the coach asks before coaching, per topic, with tappable answers.
 * `which` asks which situation it is. `named` is asked instead when the rep already named the
 * situation ("they want other quotes first"): asking which it is would repeat them, so it asks
 * what they do about it today, which tells the coach what to change.
 */
export const FOLLOW_UP_QUESTIONS: Record<Topic, { which: FollowUpQuestion; named: FollowUpQuestion }> = {
  prospecting: {
    which: { question: 'When it goes wrong, what usually happens first?', options: ['They hang up in the first seconds', "I can't get past the gatekeeper", "They say 'send me some information'", 'My emails and LinkedIn messages get no replies'] },
    named: { question: 'What do you do about it today?', options: ['The same script every time', 'I change the wording now and then', 'More volume: more calls and emails', 'Nothing specific yet'] },
  },
  discovery: {
    which: { question: 'What happens in your discovery conversations?', options: ['I run out of good questions', 'I talk more than they do', 'They give short, surface answers', "I find the need but not what it costs them"] },
    named: { question: 'How do your discovery questions usually go?', options: ['A checklist of facts about them', "I move to our product as soon as I hear a need", "I take their first answer and don't dig", "I don't plan them"] },
  },
  presentation: {
    which: { question: 'What goes wrong during your presentation or demo?', options: ['I show every feature', 'They lose attention halfway', "I can't connect it to their problem", "I can't tell if they're interested"] },
    named: { question: 'How do you decide what to show?', options: ['I show everything', 'The same presentation for everyone', 'What they asked about', "Whatever I'm most comfortable with"] },
  },
  objection_handling: {
    which: { question: 'Which objection costs you the most deals?', options: ["It's too expensive", 'We already have a vendor', 'Send me some information', 'I need to think about it', 'My boss has to sign off'] },
    named: { question: 'When they say it, what do you usually say back?', options: ['I drop the price or offer a discount', 'I argue my case', 'I agree and move on', 'I let it go and hope'] },
  },
  closing: {
    which: { question: 'Where does the close break down for you?', options: ["I don't ask for the order clearly", 'They say yes but never sign', "I don't set a next step", "I'm not sure which close to use"] },
    named: { question: 'How does the meeting usually end now?', options: ['I wait for them to bring it up', 'I thank them and we part', 'I ask, but it feels pushy', 'We part without a next step'] },
  },
  follow_up: {
    which: { question: 'What happens after the meeting?', options: ['They go silent after the proposal', "I don't know how often to follow up", 'My follow-ups feel like nagging'] },
    named: { question: 'What does your follow-up look like today?', options: ["'Just checking in' emails", 'A call or two, then I stop', 'No fixed plan', 'So often it feels like nagging'] },
  },
};
