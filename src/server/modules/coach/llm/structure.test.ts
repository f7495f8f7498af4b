import { describe, expect, it } from 'vitest';
import { readDataBlock, readToolArguments } from './reply-data.js';
import { ReplyFilter, splitBareTrailer } from './structure.js';

/** Runs text through the filter in pieces of `size` characters, as a stream would bring it. */
function run(text: string, size: number): { visible: string; data: string[]; reset: boolean } {
  const filter = new ReplyFilter();
  let visible = '';
  let reset = false;
  const take = (out: { visible: string; reset: boolean }) => {
    if (out.reset) {
      visible = '';
      reset = true;
    }
    visible += out.visible;
  };
  for (let i = 0; i < text.length; i += size) take(filter.push(text.slice(i, i + size)));
  take(filter.flush());
  return { visible, data: filter.data, reset };
}

const SIZES = [1, 3, 7, 1000];
const ARGS = '{"stage":"close","topics":["closing"],"method":"Summary close","options":["Role-play it"],"confidence":0.8,"needsHuman":false}';

describe('ReplyFilter: what the rep should not see', () => {
  for (const size of SIZES) {
    describe(`in pieces of ${size}`, () => {
      it('drops <think> blocks, wherever they are', () => {
        const out = run('<think>The rep wants a line. Keep it short.</think>Say: "What would make today work?"', size);
        expect(out.visible).toBe('Say: "What would make today work?"');
        expect(out.data).toEqual([]);
      });

      it('holds back a tool call written as <tool_call> and keeps it as data', () => {
        const out = run(`Ask for the order.\n\n<tool_call>{"name":"finish_reply","arguments":${ARGS}}</tool_call>`, size);
        expect(out.visible.trim()).toBe('Ask for the order.');
        expect(readDataBlock(out.data[0] ?? '')).toMatchObject({ stage: 'close', topics: ['closing'], method: 'Summary close', options: ['Role-play it'] });
      });

      it('holds back a ```json block carrying the finish call', () => {
        const out = run(`Ask for the order.\n\n\`\`\`json\n{"name": "finish_reply", "arguments": ${ARGS}}\n\`\`\`\n`, size);
        expect(out.visible.trim()).toBe('Ask for the order.');
        expect(readDataBlock(out.data[0] ?? '')).toMatchObject({ stage: 'close', method: 'Summary close' });
      });

      it('lets through a code block that is not the finish call', () => {
        const text = 'Text him this:\n\n```\nHey Dana, still thinking about the RAV4?\n```\nThen wait.';
        expect(run(text, size).visible).toBe(text);
      });

      it('holds back a bare JSON object at the start of a line, but not braces inside a sentence', () => {
        const out = run(`Try the {quiet} close today.\n${ARGS}`, size);
        expect(out.visible.trim()).toBe('Try the {quiet} close today.');
        expect(out.data).toHaveLength(1);
      });

      it("takes Mistral's [TOOL_CALLS] to the end as data", () => {
        const out = run(`Ask for the order. [TOOL_CALLS][{"name":"finish_reply","arguments":${ARGS}}]`, size);
        expect(out.visible.trim()).toBe('Ask for the order.');
        expect(readDataBlock(out.data[0] ?? '')).toMatchObject({ method: 'Summary close' });
      });

      it('reads the plain-text <reply-data> block, closed or not', () => {
        const closed = run('Ask for the order.\n<reply-data>\nstage: close\ntopics: closing, objection_handling\noptions: Role-play it | Give me the words\n</reply-data>', size);
        expect(closed.visible.trim()).toBe('Ask for the order.');
        expect(readDataBlock(closed.data[0] ?? '')).toMatchObject({ stage: 'close', topics: ['closing', 'objection_handling'], options: ['Role-play it', 'Give me the words'] });
        const open = run('Ask for the order.\n<reply-data>\nstage: close\nroleplay: start\nbuyer: Dana, the buyer', size);
        expect(open.visible.trim()).toBe('Ask for the order.');
        expect(readDataBlock(open.data[0] ?? '')).toMatchObject({ stage: 'close', roleplay: 'start', buyer: 'Dana, the buyer' });
      });

      it('drops what came before a </think> that was never opened (a template opened it)', () => {
        const out = run('The rep is a car salesman, they need a payment answer.</think>Lead with the payment, not the price.', size);
        expect(out.reset).toBe(true);
        expect(out.visible).toBe('Lead with the payment, not the price.');
      });

      it('leaves ordinary text, angle brackets and a lone "[" alone', () => {
        const text = 'Keep it <30 seconds. Ask [their] name? No: ask "who else decides?" <b>bold</b>';
        expect(run(text, size).visible).toBe(text);
      });
    });
  }
});

describe('reading the structured part', () => {
  it('reads a tool call whose arguments are a string, an object, or wrapped', () => {
    expect(readToolArguments(ARGS)).toMatchObject({ stage: 'close', confidence: 0.8, needsHuman: false });
    expect(readToolArguments({ function: { name: 'finish_reply', arguments: ARGS } })).toMatchObject({ stage: 'close' });
    expect(readToolArguments('{"stage":"close","topics":["closing",],}')).toMatchObject({ stage: 'close', topics: ['closing'] });
  });

  it('keeps each valid field and leaves out the invalid ones, one by one', () => {
    const data = readToolArguments({ stage: 'negotiation', topics: ['haggling', 'Closing', 'objection handling'], method: 'none', options: ['ok', 'ok', 42], confidence: 7 });
    expect(data).toEqual({ topics: ['closing', 'objection_handling'], options: ['ok'], confidence: 1 });
  });

  it('finds reply text a model put inside its tool call', () => {
    expect(readToolArguments({ reply: 'Ask for the order.', stage: 'close' })).toMatchObject({ text: 'Ask for the order.', stage: 'close' });
  });

  it('splits key: value lines written at the end without their tags', () => {
    expect(splitBareTrailer('Ask for the order.\n\n---\nstage: close\ntopics: closing\noptions: Role-play it | Next tip')).toEqual({
      content: 'Ask for the order.',
      trailer: 'stage: close\ntopics: closing\noptions: Role-play it | Next tip',
    });
    expect(splitBareTrailer('Use the summary close.\nMethod: sum up, then ask.')).toEqual({ content: 'Use the summary close.\nMethod: sum up, then ask.', trailer: null });
  });
});
