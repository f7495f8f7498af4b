import { z } from 'zod';

/**
 * The built-in coach's content for one way of selling (issue #23): for each common moment, what a
 * trainer would say. Written by people who know selling, one file per way, and read as data: the
 * engine picks from it, it never fills a template with a product name.
 */
export const WAYS = [
  'door_to_door', // knocking on homes: pest control, solar, security, fibre, roofing canvass
  'car_lot', // a dealership: walk-in "ups", test drives, the desk, payments
  'retail_floor', // a store floor: mattresses, furniture, appliances, electronics, jewellery
  'phone_b2c', // selling to consumers by phone: final expense, Medicare, life, home services
  'in_home', // a booked appointment at the kitchen table, both decision makers: windows, roofing, solar, HVAC
  'membership', // a tour and a sign-up: gyms, clubs, studios, timeshare-style tours
  'listing', // a real-estate listing appointment with a seller; commission
  'inbound', // leads who asked (a web form, a quote request, a demo request), B2B or B2C, by phone
  'sdr', // B2B cold calling and cold outreach to book a meeting
  'smb_b2b', // SMB and mid-market B2B, SaaS, a champion inside the account
  'enterprise', // long B2B deals: champion, economic buyer, committee, security review, procurement
  'agency', // staffing, recruiting, marketing agencies: fees, exclusivity, "we use other agencies"
  'clinical', // field sales to clinicians: surgeons, physicians, practice managers, hospital value analysis
] as const;
export type Way = (typeof WAYS)[number];

export const MOMENTS = [
  'brush_off', // the opener brush-off: "not interested", "just looking", "we're all set", "send me an email"
  'price', // price or payment gap: "too expensive", the payment is over what they wanted
  'spouse', // "I need to talk to my spouse / partner / boss / the owner": the decider who is not there
  'think', // "I need to think about it", "sleep on it", "let me get back to you"
  'shopping', // shopping around, other quotes, "the other place is cheaper"
  'have_one', // "we already have one / someone / a provider", the incumbent
  'silence', // silence or ghosting after a quote or proposal: what to call, text or email
  'access', // reaching the decision maker: gatekeeper, the surgeon, the owner, the CFO, both spouses
  'discount', // procurement and discounts: "what's your best price", "every vendor gives us 30%"
  'fee', // fee or commission pushback: agency fee, listing commission, setup or service fees
] as const;
export type PlayMoment = (typeof MOMENTS)[number];

const words = (max: number) => z.string().min(3).refine((s) => s.trim().split(/\s+/).length <= max, `at most ${max} words`);
/** A line a rep says aloud: no template slot and no bracketed placeholder. */
const spoken = (max: number) => words(max).refine((s) => !/[{}[\]]/.test(s), 'no {slot} or [placeholder]: write the words a rep says');

export const approachSchema = z.strictObject({
  /** A short name a trainer would use: "Split the payment from the price". */
  name: words(8),
  /** The named method: SPIN, a SQUARE step ("SQUARE · Address objections"), LAER, Sandler, Challenger, MEDDIC, or a named closing or objection pattern. */
  method: words(6),
  /** Why it works here, at most 30 words. */
  why: words(30),
  /** Two or three exact lines in this way of selling's voice, each at most 35 words. */
  lines: z.array(spoken(35)).min(2).max(3),
  /** What to do right after, at most 30 words. */
  next: words(30),
});
export type Approach = z.infer<typeof approachSchema>;

/** A decision reps ask about at this moment, answered the way a trainer would answer it. */
export const callSchema = z.strictObject({
  /** The question as a rep would ask it: "Should I drop the price or hold?" */
  question: words(20),
  /** Words that show a rep is asking this (lower case, single words or short phrases). */
  keywords: z.array(z.string().min(2)).min(2).max(8),
  /** The answer, first words first ("Hold.", "Text, today."), then why, at most 45 words. */
  answer: words(45),
});

export const buyerSchema = z.strictObject({
  /** Who the coach plays by default, with its article: "the husband", "the procurement manager". */
  who: words(5),
  /** Lines the buyer opens this moment with, first person, one or two sentences each. */
  opens: z.array(spoken(30)).min(2).max(3),
  /** After the rep acknowledges and asks a real question: the buyer opens up a little. */
  softer: z.array(spoken(30)).min(2).max(3),
  /** After pressure, arguing or a canned close: the buyer hardens. */
  harder: z.array(spoken(30)).min(2).max(3),
  /** After the rep proposes a fair, concrete next step: the buyer moves, with a condition. */
  moving: z.array(spoken(30)).min(2).max(3),
});

export const cellSchema = z.strictObject({
  /** What is really going on for this buyer at this moment, at most 40 words. */
  happening: words(40),
  /** Three approaches, each with a different method, best first. */
  approaches: z.array(approachSchema).length(3),
  calls: z.array(callSchema).min(2).max(4),
  buyer: buyerSchema,
  /** The one question the coach asks when it cannot tell which approach fits. */
  decide: words(30),
});
export type Cell = z.infer<typeof cellSchema>;

export const wayFileSchema = z.strictObject({
  way: z.enum(WAYS),
  /** How the coach names it: "a car lot", "door to door". */
  label: words(6),
  /** Selling to people for themselves (true) or to businesses (false). */
  consumer: z.boolean(),
  /** Moments that do not happen in this way of selling are left out, with why (fee on a car lot). */
  moments: z.partialRecord(z.enum(MOMENTS), cellSchema),
  skipped: z.partialRecord(z.enum(MOMENTS), z.string()).optional(),
});
export type WayFile = z.infer<typeof wayFileSchema>;
