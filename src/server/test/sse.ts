export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** The events of a whole server-sent-events body, as the chat stream route writes them. */
export const parseSse = (body: string): SseEvent[] =>
  body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => ({
      event: /^event: (.+)$/m.exec(block)?.[1] ?? '',
      data: JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? '{}') as Record<string, unknown>,
    }));
