import type { CoachContext, CoachEngine, CoachReply, CoachStream, KnowledgePassage } from '../engine.js';
import { diagnose } from './diagnose.js';
import { nextTurn, techniquePassage } from './dialogue.js';

/**
 * The built-in coach (product §8): offline and deterministic. The dialogue (dialogue.ts) keeps
 * what the rep has said and moves through diagnosis, one question, coaching with a named
 * technique, other techniques after pushback, and role-play; replies.ts words it. This file makes
 * it an engine: it cites the playbook section each technique comes from, and streams the reply.
 */
export { techniquePassage } from './dialogue.js';

/** One reply of the built-in coach: pure, fast, deterministic for the same context. */
export function playbookReply(ctx: CoachContext): CoachReply {
  return nextTurn(ctx).reply;
}

/**
 * The reply, citing the section its technique comes from. The turn's passages were found from
 * the rep's words before the technique was chosen; when its section is not among them, the
 * engine searches for it and answers again (the dialogue is deterministic, so the same reply,
 * now with the citation). Without a search, or when the search fails, the reply goes uncited.
 */
export async function playbookReplyWithCitation(ctx: CoachContext): Promise<CoachReply> {
  const turn = nextTurn(ctx);
  const technique = turn.technique;
  if (!technique || techniquePassage(ctx.knowledge, technique) || !ctx.search) return turn.reply;
  let found: KnowledgePassage[];
  try {
    found = await ctx.search(technique.sources.join(' '), 5);
  } catch {
    return turn.reply;
  }
  const passage = techniquePassage(found, technique);
  return passage ? nextTurn({ ...ctx, knowledge: [passage, ...ctx.knowledge] }).reply : turn.reply;
}

/** Splits text into small pieces that keep whitespace, so the stream concatenates to the content. */
function pieces(text: string): string[] {
  return text.match(/\S+\s*/g) ?? [text];
}

/** Waits `ms`, or less if the rep goes away; its abort listener goes with it, so a long stream adds none. */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export function createPlaybookEngine(options: { streamDelayMs?: number } = {}): CoachEngine {
  const delay = options.streamDelayMs ?? 0;
  return {
    name: 'playbook',
    reply: (ctx) => playbookReplyWithCitation(ctx),
    // The diagnosis is cached, so the engine's own reading of the same message costs nothing more.
    searchHints: (message) => diagnose(message).topics.slice(0, 2).map((t) => t.replace('_', ' ')),
    stream(ctx, signal): CoachStream {
      const reply = playbookReplyWithCitation(ctx);
      // A failure reaches the caller through textStream and reply; this only keeps a reply the
      // caller never awaits from counting as an unhandled rejection.
      reply.catch(() => {});
      async function* textStream() {
        const parts = pieces((await reply).content);
        // Three words at a time reads like typing without flooding the connection.
        for (let i = 0; i < parts.length; i += 3) {
          if (signal?.aborted) return;
          yield parts.slice(i, i + 3).join('');
          await sleep(delay, signal);
        }
      }
      return { textStream: textStream(), reply };
    },
  };
}
