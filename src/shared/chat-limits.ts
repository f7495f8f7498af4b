/**
 * The longest message a rep may send. Its own module, without zod, so the chat's message box can
 * read it without loading the schemas (schemas/chat.ts checks messages against it).
 */
export const MESSAGE_MAX = 2000;
