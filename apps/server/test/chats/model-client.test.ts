import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAICompatibleModel } from '../../src/llm/openai-compatible';
import { ModelError, type GenerationRequest } from '../../src/llm/types';
import { startStandInModel } from './stand-in-model';

const request = (text: string): GenerationRequest => ({
  messages: [
    { role: 'system', content: 'You are Mira.' },
    { role: 'user', content: text },
  ],
  settings: { temperature: 0.4, maxTokens: 300, topP: 0.8, frequencyPenalty: 0.1, presencePenalty: 0.2 },
  character: { name: 'Mira', personality: '', scenario: '', userName: 'Sam', lastUserMessage: text },
});

async function collect(iterable: AsyncIterable<string>) {
  const pieces: string[] = [];
  for await (const piece of iterable) pieces.push(piece);
  return pieces;
}

describe('the OpenAI-compatible client against a stand-in server', () => {
  let standIn: Awaited<ReturnType<typeof startStandInModel>>;
  beforeAll(async () => {
    standIn = await startStandInModel();
  });
  afterAll(() => standIn.close());
  const model = (timeoutMs = 5000) =>
    new OpenAICompatibleModel({ baseUrl: standIn.url, apiKey: 'sk-test', model: 'stand-in-1', timeoutMs });

  it('streams the reply chunk by chunk and passes the settings and the key', async () => {
    const pieces = await collect(model().stream(request('hello there'), new AbortController().signal));
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe('Echo: hello there');
    const sent = standIn.requests.at(-1)!;
    expect(sent.authorization).toBe('Bearer sk-test');
    expect(sent.body).toMatchObject({
      model: 'stand-in-1',
      stream: true,
      temperature: 0.4,
      max_tokens: 300,
      top_p: 0.8,
      frequency_penalty: 0.1,
      presence_penalty: 0.2,
    });
  });

  it('fails with a ModelError when the stream breaks off, after what arrived', async () => {
    const pieces: string[] = [];
    await expect(async () => {
      for await (const piece of model().stream(request('please fail midway now'), new AbortController().signal)) pieces.push(piece);
    }).rejects.toThrow(ModelError);
    expect(pieces.join('')).toBe('Echo: please ');
  });

  it("answers an HTTP error with a plain message, never the provider's words", async () => {
    const error = await collect(model().stream(request('refuse'), new AbortController().signal)).catch((e: Error) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as Error).message).toBe('The model answered 500');
  });

  it('times out on a slow first token', async () => {
    const error = await collect(model(500).stream(request('slow start'), new AbortController().signal)).catch((e: Error) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as Error).message).toBe('The model took too long to answer');
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const pieces: string[] = [];
    const run = (async () => {
      for await (const piece of model().stream(request('hang'), controller.signal)) {
        pieces.push(piece);
        controller.abort();
      }
    })();
    await expect(run).rejects.toThrow();
    expect(pieces).toEqual(['Thinking']);
  });
});
