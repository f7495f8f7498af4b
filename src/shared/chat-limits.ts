/**
 * The longest message a rep may send. Its own module, without zod, so the chat's message box can
 * read it without loading the schemas (schemas/chat.ts checks messages against it).
 */
export const MESSAGE_MAX = 2000;

/** From this length on the message box shows its character count, so the limit is seen coming (80 %, issue #25). */
export const MESSAGE_COUNTER_FROM = Math.floor(MESSAGE_MAX * 0.8);
