// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { KNOWLEDGE_UPLOAD_MAX_BYTES, UPLOAD_NOT_TEXT_MESSAGE, UPLOAD_SIZE_MESSAGE, UPLOAD_TYPE_MESSAGE } from '#shared/schemas/knowledge';
import { readKnowledgeFile } from './read-knowledge-file';

const file = (name: string, content: BlobPart) => new File([content], name);

describe('readKnowledgeFile', () => {
  it('reads .txt, .md and .csv text as UTF-8', async () => {
    expect(await readKnowledgeFile(file('notes.MD', '## Café openers\n\nSay hello.'))).toEqual({ ok: true, input: { fileName: 'notes.MD', content: '## Café openers\n\nSay hello.' } });
    expect((await readKnowledgeFile(file('prices.csv', 'plan,price\nPro,4.99'))).ok).toBe(true);
  });

  it('refuses other types, files over the bound, binary and empty content with the messages the server gives', async () => {
    expect(await readKnowledgeFile(file('deck.pdf', 'text'))).toEqual({ ok: false, message: UPLOAD_TYPE_MESSAGE });
    expect(await readKnowledgeFile(file('big.txt', 'a'.repeat(KNOWLEDGE_UPLOAD_MAX_BYTES + 1)))).toEqual({ ok: false, message: UPLOAD_SIZE_MESSAGE });
    expect(await readKnowledgeFile(file('image.md', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00])))).toEqual({ ok: false, message: UPLOAD_NOT_TEXT_MESSAGE });
    expect(await readKnowledgeFile(file('nul.txt', 'abc\u0000def'))).toEqual({ ok: false, message: UPLOAD_NOT_TEXT_MESSAGE });
    expect(await readKnowledgeFile(file('empty.txt', '  \n'))).toEqual({ ok: false, message: 'This file is empty.' });
  });
});
