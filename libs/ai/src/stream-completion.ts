import type OpenAI from 'openai';
import { AiError, toAiError } from './ai-error';

/** What a streamed completion ended with: its whole content, as a non-streamed answer would hold it. */
export interface StreamedCompletion {
  content: string;
  finishReason: string | null;
  refusal: string | null;
  /** Milliseconds from the request to the first content. */
  firstContentMs: number | null;
}

/**
 * Asks for a chat completion as a stream (server-sent events) and calls `onContent` with the whole content received
 * so far after each chunk. A stream that breaks, or ends without saying how it finished, is an AiError 'network'
 * (retryable): the caller writes the lesson again from the start, never stores a part of it.
 */
export async function streamCompletion(
  client: OpenAI,
  body: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming,
  signal: AbortSignal,
  onContent: (content: string) => void,
): Promise<StreamedCompletion> {
  const started = Date.now();
  let content = '';
  let refusal = '';
  let finishReason: string | null = null;
  let firstContentMs: number | null = null;
  try {
    const stream = await client.chat.completions.create({ ...body, stream: true }, { signal });
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      if (!choice) continue;
      const delta = choice.delta;
      if (delta?.refusal) refusal += delta.refusal;
      if (delta?.content) {
        if (firstContentMs === null) firstContentMs = Date.now() - started;
        content += delta.content;
        onContent(content);
      }
      if (choice.finish_reason) finishReason = choice.finish_reason;
    }
  } catch (error) {
    if (signal.aborted || error instanceof AiError) throw error;
    const known = toAiError(error);
    // A connection that dies mid-stream surfaces as a bare runtime error ('terminated'): the network's failure.
    throw known.kind === 'unknown' ? new AiError('network', { cause: error, detail: `stream interrompido após ${content.length} caracteres` }) : known;
  }
  if (!finishReason && !refusal) throw new AiError('network', { detail: `stream interrompido após ${content.length} caracteres` });
  return { content, finishReason, refusal: refusal || null, firstContentMs };
}
