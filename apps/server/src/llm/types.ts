/** One message of a prompt, in the chat completions shape every OpenAI-compatible server takes. */
export interface PromptMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface GenerationSettings {
  temperature: number;
  maxTokens: number;
  topP: number;
  frequencyPenalty: number;
  presencePenalty: number;
}

export interface GenerationRequest {
  messages: PromptMessage[];
  settings: GenerationSettings;
  /** What the offline responder answers from (a model reads it from the prompt). */
  character: { name: string; personality: string; scenario: string; userName: string; lastUserMessage: string };
  /**
   * Which answer to the same message this is (0 the first, then 1, 2… for each regeneration): the
   * offline responder words each one differently, so that a regenerate paid for is no copy.
   */
  variant?: number;
}

/** A language model: text comes as it is generated; aborting the signal stops it. */
export interface ChatModel {
  readonly name: string;
  /** True for the built-in responder: the UI says so. */
  readonly offline: boolean;
  stream(request: GenerationRequest, signal: AbortSignal): AsyncIterable<string>;
}

/** The model failed (refused, timed out, broke off); the message is safe to show. */
export class ModelError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'ModelError';
  }
}
