// The OpenAI chat-completions wire format, as providers send it: the chunks of a streamed answer
// (text in small deltas, then each tool call's name and its arguments in pieces, the finish
// reason, a usage chunk) and the body of a plain JSON answer. Shared by the model bridge
// (scripts/model-bridge.mjs) and the fake provider the server tests and the browser journey run
// against, so both speak exactly what the app reads.

/** About four characters a token, as providers' tokenizers average on English. */
export function estimateTokens(text) {
  return Math.max(1, Math.ceil(String(text ?? '').length / 4));
}

/** Splits text into pieces of about `size` characters, at spaces where it can. */
export function pieces(text, size = 12) {
  const out = [];
  let rest = String(text ?? '');
  while (rest.length > size) {
    const space = rest.indexOf(' ', size);
    const cut = space === -1 || space > size * 3 ? size : space + 1;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest) out.push(rest);
  return out;
}

/**
 * The chunk objects of a streamed answer. `toolCalls`: [{ name, arguments }] with arguments an
 * object or a JSON string. `usage`: { prompt_tokens, completion_tokens }, or omitted.
 */
export function completionChunks({ id = 'chatcmpl-1', model = 'model', content = '', toolCalls = [], finishReason, usage, pieceChars = 12 }) {
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta, finish = null) => ({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] });
  const chunks = [chunk({ role: 'assistant', content: '' })];
  for (const piece of pieces(content, pieceChars)) chunks.push(chunk({ content: piece }));
  toolCalls.forEach((call, index) => {
    const args = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {});
    chunks.push(chunk({ tool_calls: [{ index, id: `call_${index + 1}`, type: 'function', function: { name: call.name, arguments: '' } }] }));
    for (const piece of pieces(args, 24)) chunks.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  chunks.push(chunk({}, finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop')));
  if (usage) chunks.push({ id, object: 'chat.completion.chunk', created, model, choices: [], usage });
  return chunks;
}

/** One server-sent event carrying a chunk, or the closing [DONE]. */
export function sseFrame(value) {
  return `data: ${value === '[DONE]' ? '[DONE]' : JSON.stringify(value)}\n\n`;
}

/** The body of a non-streamed answer. */
export function completionJson({ id = 'chatcmpl-1', model = 'model', content = '', toolCalls = [], finishReason, usage }) {
  return {
    id,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: content || null,
          ...(toolCalls.length > 0
            ? {
                tool_calls: toolCalls.map((call, index) => ({
                  id: `call_${index + 1}`,
                  type: 'function',
                  function: { name: call.name, arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}) },
                })),
              }
            : {}),
        },
        finish_reason: finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop'),
      },
    ],
    ...(usage ? { usage } : {}),
  };
}

/** Usage as a provider reports it, estimated from the request's messages and the answer. */
export function usageFor(requestBody, content, toolCalls = []) {
  const prompt = (requestBody?.messages ?? []).map((m) => `${m.content ?? ''}${JSON.stringify(m.tool_calls ?? '')}`).join('\n');
  const tools = JSON.stringify(requestBody?.tools ?? '');
  const answer = `${content ?? ''}${toolCalls.map((c) => JSON.stringify(c.arguments ?? '')).join('')}`;
  return { prompt_tokens: estimateTokens(prompt + tools), completion_tokens: estimateTokens(answer), total_tokens: estimateTokens(prompt + tools) + estimateTokens(answer) };
}
