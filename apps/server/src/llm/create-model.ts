import type { Config } from '../config';
import { OfflineResponder } from './offline';
import { OpenAICompatibleModel } from './openai-compatible';
import type { ChatModel } from './types';

/** The configured model: an OpenAI-compatible API when LLM_BASE_URL is set, else the offline responder. */
export function createModel(config: Pick<Config, 'llm' | 'offlineWordDelayMs'>): ChatModel {
  return config.llm ? new OpenAICompatibleModel(config.llm) : new OfflineResponder(config.offlineWordDelayMs);
}
