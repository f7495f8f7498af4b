import type { MessageRole } from '#shared/schemas/chat.js';

/** A conversation as a Markdown transcript a person can read (the export's promise, product §10.2). */
export interface TranscriptMessage {
  role: MessageRole;
  content: string;
  createdAt: Date;
}

const SPEAKERS = { user: 'You', assistant: 'Coach', team: 'Coaching team' } as const;

export function conversationToMarkdown(title: string | null, startedAt: Date, messages: TranscriptMessage[]): string {
  const heading = `# ${title?.trim() || 'Coaching conversation'}`;
  const lines = [heading, '', `Started ${startedAt.toISOString()}`, ''];
  for (const m of messages) {
    lines.push(`## ${SPEAKERS[m.role]} · ${m.createdAt.toISOString()}`, '', m.content.trim(), '');
  }
  if (messages.length === 0) lines.push('_No messages._', '');
  return lines.join('\n');
}
