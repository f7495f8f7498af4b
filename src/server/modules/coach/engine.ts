/**
 * The coach engine interface (product §8). Two engines implement it: the built-in playbook
 * engine (default, offline, deterministic) and the LLM engine (any OpenAI-compatible endpoint).
 * The chat service gives an engine the rep's profile, the conversation so far and the most
 * relevant knowledge-base passages; the engine answers one assistant message.
 */
import type { Coaching } from '#shared/coaching.js';
import type { MessageRole } from '#shared/schemas/chat.js';

export interface RepProfile {
  username: string;
  industry: string | null;
  product: string | null;
  salesExperience: string | null;
  biggestStruggle: string | null;
  /** This month's target, dollars. */
  targetIncome: number | null;
  currentIncome: number | null;
  city: string | null;
  state: string | null;
}

/** One earlier message, oldest first. `state` is what the engine stored with its own message. */
export interface HistoryMessage {
  role: MessageRole;
  content: string;
  options?: string[] | null;
  coaching?: Coaching | null;
  state?: EngineState | null;
}

/** A knowledge-base passage found for this message (product §12.4). */
export interface KnowledgePassage {
  /** The section title the passage sits under, for citing. */
  title: string;
  content: string;
  rank: number;
}

export interface CoachContext {
  profile: RepProfile;
  /**
   * The conversation before the new message, oldest first. In a long conversation, its first
   * message and its newest ones (the chat reads a bounded window: TURN_HISTORY_WINDOW in
   * chat/service.ts); what must outlive the window belongs in the engine state.
   */
  history: HistoryMessage[];
  /** The rep's new message, trimmed. */
  message: string;
  knowledge: KnowledgePassage[];
  /**
   * The same full-text search of the live knowledge base that found `knowledge`, for an engine
   * that wants the passage about what it decided to teach. Absent where there is no database
   * (the offline evaluation).
   */
  search?: (text: string, limit: number) => Promise<KnowledgePassage[]>;
}

/**
 * Engine-private memory of where the conversation stands, stored with each assistant message
 * and handed back in `history`. The playbook engine uses it for its dialogue; other engines may
 * leave it empty.
 */
export type EngineState = Record<string, unknown>;

export interface CoachReply {
  content: string;
  options: string[];
  coaching: Coaching;
  state?: EngineState;
  /** 0..1: how sure the engine is that it understood the rep. */
  confidence: number;
  /** Set when a person should take over: the reason, as the admins will read it. */
  escalation?: { reason: string; priority: 'urgent' | 'high' | 'normal' | 'low' };
  /** How the turn went (the LLM engine), for the log: not stored. */
  report?: CoachTurnReport;
  /**
   * The reply ends a role-play the rep said at least one line in, with feedback on their lines:
   * what finishes a lesson's drill (issue #27). Not stored.
   */
  sceneEnded?: true;
}

export interface CoachStream {
  /**
   * The reply's text as it is written; concatenated, it equals the final `content`. One exception:
   * when an engine fails mid-stream and the fallback engine takes over (fallback.ts), the text goes
   * on with the fallback's, and the final `content` is the fallback's reply alone; the client shows
   * the stored message once `done` arrives.
   */
  textStream: AsyncIterable<string>;
  /** The whole reply, once written. */
  reply: Promise<CoachReply>;
}

/** How one turn went, for the log and for `coach:dialogues`: never the rep's words. */
export interface CoachTurnReport {
  /** The engine that was asked first. */
  engine: string;
  /**
   * complete: the engine's whole answer; incomplete: most of it, kept after the model stopped or
   * ran out of tokens, and marked so; fallback: the built-in coach answered instead; aborted: the
   * rep left; failed: nobody could answer.
   */
  outcome: 'complete' | 'incomplete' | 'fallback' | 'aborted' | 'failed';
  /** Why the model's answer was not used or not whole. */
  reason?: string;
  model?: string;
  /** From the call to the first text the rep could see. */
  firstTextMs?: number;
  totalMs: number;
  finishReason?: string;
  promptTokens?: number;
  completionTokens?: number;
  cachedTokens?: number;
  /** The model wrote no text, only its tool call, and was asked again for the text. */
  reasked?: boolean;
  output?: string;
}

export interface CoachEngine {
  readonly name: string;
  /** What the start-up line says about the engine (the output mode can change once a server refuses tools). */
  describe?(): { provider: string; model?: string; host?: string; output?: string };
  /**
   * Whether the engine's provider answers, asked once at start-up: null when it does, else what
   * is wrong, for a warning (the app starts either way).
   */
  checkReachable?(): Promise<string | null>;
  reply(ctx: CoachContext, signal?: AbortSignal): Promise<CoachReply>;
  stream(ctx: CoachContext, signal?: AbortSignal): CoachStream;
  /**
   * The topics a new message names, as words for the knowledge search that runs before the
   * engine answers, so the passages fit the message. Empty when it names none: the search then
   * uses the conversation's last topics. An engine with no cheap reading of its own (the LLM
   * engine) leaves it out, and the chat runs no classifier for it.
   */
  searchHints?(message: string): string[];
}

/**
 * An engine failure worth telling the rep about in plain words (provider down, bad key, timeout).
 * The selected LLM engine no longer lets it reach the chat: the built-in coach answers instead
 * (fallback.ts). An engine used without that wrapper may still throw it.
 */
export class CoachUnavailableError extends Error {
  constructor(
    message: string,
    options?: ErrorOptions & { report?: CoachTurnReport },
  ) {
    super(message, options);
    this.name = 'CoachUnavailableError';
    this.report = options?.report;
  }

  /** How far the turn got before it failed, for the log. */
  readonly report: CoachTurnReport | undefined;
}
