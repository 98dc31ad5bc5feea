import { ModelError, type ChatModel, type GenerationRequest } from './types';

interface Options {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

/**
 * Any OpenAI-compatible chat completions API (OpenAI, OpenRouter, Ollama, llama.cpp server, vLLM,
 * LM Studio), streamed: server-sent `data:` lines with `choices[0].delta.content`, ending in
 * `data: [DONE]`. The caller's signal and a timeout both abort the request.
 */
export class OpenAICompatibleModel implements ChatModel {
  readonly offline = false;
  constructor(private readonly options: Options) {}

  get name() {
    return this.options.model;
  }

  async *stream(request: GenerationRequest, signal: AbortSignal): AsyncIterable<string> {
    const { settings } = request;
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    let res: Response;
    try {
      res = await fetch(`${this.options.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: this.options.model,
          messages: request.messages,
          stream: true,
          temperature: settings.temperature,
          max_tokens: settings.maxTokens,
          top_p: settings.topP,
          frequency_penalty: settings.frequencyPenalty,
          presence_penalty: settings.presencePenalty,
        }),
        signal: AbortSignal.any([signal, timeout]),
      });
    } catch (err) {
      if (signal.aborted) throw err;
      throw new ModelError(timeout.aborted ? 'The model took too long to answer' : 'The model could not be reached', err);
    }
    if (!res.ok || !res.body) {
      // The provider's own words can hold keys or internals: log them, show a plain message.
      throw new ModelError(`The model answered ${res.status}`, await res.text().catch(() => ''));
    }
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let newline: number;
        while ((newline = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, newline).trim();
          buffer = buffer.slice(newline + 1);
          if (!line.startsWith('data:')) continue;
          const data = line.slice(5).trim();
          if (data === '[DONE]') return;
          const text = deltaOf(data);
          if (text) yield text;
        }
      }
    } catch (err) {
      if (signal.aborted) throw err;
      throw new ModelError(timeout.aborted ? 'The model took too long to answer' : 'The model stopped in the middle of the reply', err);
    }
  }
}

function deltaOf(data: string): string | null {
  try {
    const parsed = JSON.parse(data) as { choices?: { delta?: { content?: unknown } }[]; error?: { message?: string } };
    if (parsed.error) throw new ModelError('The model reported an error', parsed.error.message);
    const content = parsed.choices?.[0]?.delta?.content;
    return typeof content === 'string' ? content : null;
  } catch (err) {
    if (err instanceof ModelError) throw err;
    return null;
  }
}
