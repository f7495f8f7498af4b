import { normalize } from './text.js';

/**
 * Questions the coach cannot advise on (issue #25): legal, tax, HR, medical. Read as sales, "Is a
 * two-year Ohio-wide non-compete enforceable?" got a cold-call opener, said with confidence. The
 * coach knows selling, so it says so and offers the coaching team instead of inventing an answer.
 *
 * A field counts only when the rep asks it for themselves. The same words come up in real sales
 * questions all the time ("the client's lawyer has to review the contract", "I sell life insurance",
 * "the CFO says the tax savings aren't worth it"), so a message that reports what a buyer said, or
 * asks how to sell, pitch or answer, stays with the coach.
 */
export type OutsideField = 'legal' | 'tax' | 'HR' | 'medical';

const FIELDS: Array<[OutsideField, RegExp]> = [
  [
    'legal',
    / (?:enforceable|unenforceable|non ?competes?|noncompetes?|non solicit(?:ation)?|lawsuit|sue (?:me|him|her|them|my|the company)|suing|get sued|legal advice|legally (?:allowed|required|binding|able)|is (?:it|this|that) (?:legal|illegal|against the law)|(?:legal|illegal|against the law) (?:for me )?to|liable|trademark|copyright|patent) /,
  ],
  [
    'tax',
    / (?:on my tax(?:es)?|my tax (?:return|bill|bracket)|tax (?:return|bracket|deduct(?:ion|ible)s?|write ?offs?)|deduct(?:ible)? (?:my|the|it|this|that)|write (?:it|this|that|them) off|irs|1099|w ?2|self employment tax|quarterly (?:tax|estimates?)|estimated tax(?:es)?) /,
  ],
  [
    'HR',
    / (?:fire me|fired me|get fired|wrongful(?:ly)? (?:termination|terminated|fired)|harass(?:ed|ing|ment)?|discriminat(?:ion|ed|ing)|maternity|paternity|parental leave|fmla|severance|workers comp(?:ensation)?|hostile work|unemployment benefits|overtime pay|(?:owe|owes|withhold(?:ing)?|claw ?back|take back) my commission|(?:pay|paid) me (?:less|late|minimum wage)|my (?:boss|manager|employer|company) (?:can|could|is allowed to|legally)) /,
  ],
  [
    'medical',
    / (?:my (?:doctor|symptoms?|medication|meds|prescription|diagnosis|therapist)|symptoms? of|dosage|how much (?:ibuprofen|tylenol|advil|melatonin)|antidepressants?|chest pain|should i see a doctor|is (?:it|this) (?:cancer|serious|contagious)|am i (?:sick|depressed|having a (?:heart attack|stroke))|medical advice) /,
  ],
];

/** Someone else's words or situation: the rep is reporting a call, not asking for themselves. */
const REPORTED = / (?:prospects?|buyers?|customers?|clients?|leads?|owners?|homeowners?|cfo|ceo|vp|decision maker|gatekeeper|they|he|she|patients?|dentists?|doctors?|procurement|their (?:lawyer|legal|accountant|attorney)) (?:said|says|say|asked|asks|ask|told|tells|keeps?|keep saying|wants?|thinks?|think|worr(?:y|ies|ied)|mentioned|brought up|raised|objected|pushed back|claims?|needs? (?:to|their))/;
/** A sales question, whatever else it mentions: how to sell, pitch, answer, close or follow up. */
const SALES_ASK = / (?:how (?:do|should|can|would) i (?:sell|pitch|answer|respond|reply|handle|close|open|follow up|position|explain|present|overcome|get past|book|word|frame)|(?:i|we) sell|selling|sell (?:to|them|him|her|it)|objection|the call|my pitch|demo|the deal|close (?:the|a|more)|quota) /;

/** The field a message asks the coach about that is not sales coaching, if it asks one. */
export function outsideField(message: string): OutsideField | undefined {
  const s = normalize(message);
  if (REPORTED.test(s) || SALES_ASK.test(s)) return undefined;
  return FIELDS.find(([, re]) => re.test(s))?.[0];
}
