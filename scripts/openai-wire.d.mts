// Types for the wire-format module, so the TypeScript fake provider (server tests) can use it.
export interface WireToolCallInput {
  name: string;
  arguments?: unknown;
}
export interface WireUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number };
}
export interface AnswerInput {
  id?: string;
  model?: string;
  content?: string;
  toolCalls?: WireToolCallInput[];
  finishReason?: string;
  usage?: WireUsage;
  pieceChars?: number;
}
export declare function estimateTokens(text: string): number;
export declare function pieces(text: string, size?: number): string[];
export declare function completionChunks(answer: AnswerInput): Record<string, unknown>[];
export declare function sseFrame(value: Record<string, unknown> | '[DONE]'): string;
export declare function completionJson(answer: AnswerInput): Record<string, unknown>;
export declare function usageFor(requestBody: unknown, content: string, toolCalls?: WireToolCallInput[]): WireUsage;
