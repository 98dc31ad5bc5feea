import http from 'node:http';
import https from 'node:https';
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
    let res: http.IncomingMessage;
    try {
      res = await post(
        new URL(`${this.options.baseUrl}/chat/completions`),
        {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
        },
        JSON.stringify({
          model: this.options.model,
          messages: request.messages,
          stream: true,
          temperature: settings.temperature,
          max_tokens: settings.maxTokens,
          top_p: settings.topP,
          frequency_penalty: settings.frequencyPenalty,
          presence_penalty: settings.presencePenalty,
        }),
        AbortSignal.any([signal, timeout]),
      );
    } catch (err) {
      if (signal.aborted) throw err;
      throw new ModelError(timeout.aborted ? 'The model took too long to answer' : 'The model could not be reached', err);
    }
    const status = res.statusCode ?? 0;
    if (status < 200 || status >= 300) {
      // The provider's own words can hold keys or internals: log them, show a plain message.
      throw new ModelError(`The model answered ${status}`, await textOf(res).catch(() => ''));
    }
    res.setEncoding('utf8');
    let buffer = '';
    try {
      for await (const chunk of res as AsyncIterable<string>) {
        buffer += chunk;
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
      // The body ended without [DONE]: the provider broke off.
      if (!res.complete) throw new Error('the stream ended early');
    } catch (err) {
      if (signal.aborted) throw err;
      throw new ModelError(timeout.aborted ? 'The model took too long to answer' : 'The model stopped in the middle of the reply', err);
    } finally {
      // Stopped early (the caller's return or an abort): let the connection go.
      if (!res.complete) res.destroy();
    }
  }
}

/**
 * Keep-alive connections to the model: a reply is one request, and opening a connection (and a
 * TLS session) for each would add to every first token. node:http rather than fetch, whose web
 * streams cost several times more CPU per streamed chunk (bench/chat-stream.ts).
 */
const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

/** POSTs `body` and answers the response as soon as its headers arrive; `signal` aborts the request and its body. */
function post(url: URL, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const req = (secure ? https : http).request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        agent: secure ? agents.https : agents.http,
        signal,
      },
      resolve,
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The start of an error response's body, for the log. */
async function textOf(res: http.IncomingMessage): Promise<string> {
  let text = '';
  res.setEncoding('utf8');
  for await (const chunk of res as AsyncIterable<string>) {
    text += chunk;
    if (text.length > 4096) break;
  }
  res.destroy();
  return text.slice(0, 4096);
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
