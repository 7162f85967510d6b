import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ErrorCode } from '@kismat/contracts/errors';
import { messageFor } from '../../apps/server/src/platform/messages';
import type { ApiClient } from './member-api';

/**
 * Issue 17's spec helpers: the safer-gambling page's own texts (its lazy namespace), the server's
 * refusal texts as patterns (their times filled in), and a fresh member made by the demo agent
 * (a time-out is not undone, so no shared demo account may take one).
 */

type Tree = Record<string, unknown>;
export type SpecLanguage = 'bn' | 'en';

const localesDir = path.resolve(import.meta.dirname, '../../apps/web/src/locales');

/** A message of the `safer` namespace, with {{values}} filled in. */
export function saferText(language: SpecLanguage): (key: string, values?: Record<string, string | number>) => string {
  const tree = JSON.parse(readFileSync(path.join(localesDir, `safer/${language}.json`), 'utf8')) as Tree;
  return (key, values = {}) => {
    let node: unknown = tree;
    for (const part of key.split('.')) node = (node as Tree)[part];
    if (typeof node !== 'string') throw new Error(`no safer message ${key} in ${language}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

/** The server's refusal text in a language as a pattern: each {placeholder} matches anything. */
export function serverMessagePattern(code: ErrorCode, language: SpecLanguage): RegExp {
  const template = messageFor(code, language === 'bn' ? 'BN' : 'EN');
  return new RegExp(
    template
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+'),
  );
}

export const DEMO_AGENT = { username: 'demoagent', password: 'Demo@2025' };

/** A new real member in the demo agent's team (the agent register centre), logged in once to prove it. */
export async function createMember(api: ApiClient, prefix: string, password: string): Promise<{ username: string; password: string }> {
  const agentToken = await api.login(DEMO_AGENT.username, DEMO_AGENT.password);
  const username = `${prefix}${Date.now().toString(36)}`.slice(0, 16);
  await api.call('POST', '/wps/agent/register', { token: agentToken, isSealed: true, body: { username, password, type: 0 } });
  await api.login(username, password);
  return { username, password };
}
