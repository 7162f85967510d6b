import type { ChatConversationValue, ChatMessageValue } from '@kismat/contracts/live-chat';
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import chatEn from '../../../locales/chat/en.json';
import { mergeMessages } from '../hooks/use-chat-room';
import { ChatMessageList } from './chat-message-list';

function message(seq: number, patch: Partial<ChatMessageValue> = {}): ChatMessageValue {
  return {
    id: 100 + seq,
    conversationId: 7,
    seq,
    sender: 'MEMBER',
    senderName: null,
    kind: 'TEXT',
    body: `message ${seq}`,
    clientMessageId: `web-${seq}-client`,
    createdAt: '2026-11-26T10:00:00.000Z',
    ...patch,
  };
}

const conversation: ChatConversationValue = {
  id: 7,
  status: 'OPEN',
  assignedOperator: 'rahim',
  lastSeq: 3,
  visitorReadSeq: 3,
  operatorReadSeq: 1,
  createdAt: '2026-11-26T10:00:00.000Z',
  lastMessageAt: '2026-11-26T10:00:00.000Z',
};

beforeAll(() => {
  i18next.addResourceBundle('en', 'chat', chatEn, true, true);
});

describe('the chat room message list', () => {
  it('shows a script as text, never as an element', () => {
    const script = '<script>window.hacked = true</script><img src=x onerror="window.hacked = true">';
    const { container } = render(
      <ChatMessageList
        identity={{ kind: 'guest', guestId: 'g' }}
        conversation={conversation}
        messages={[message(1, { body: script })]}
        pending={[]}
        isOperatorTyping={false}
        onRetry={() => undefined}
        onDiscard={() => undefined}
      />,
    );
    expect(screen.getByText(script)).toBeTruthy();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });

  it('read ticks follow the operator read mark; operator name, system line and typing are shown', () => {
    render(
      <ChatMessageList
        identity={{ kind: 'guest', guestId: 'g' }}
        conversation={conversation}
        messages={[
          message(1),
          message(2),
          message(3, { sender: 'OPERATOR', senderName: 'rahim', body: 'How can I help?' }),
          message(4, { sender: 'SYSTEM', senderName: 'transfer', body: 'rahim → karim' }),
        ]}
        pending={[{ clientMessageId: 'web-x', kind: 'TEXT', body: 'on its way', state: 'failed', error: '' }]}
        isOperatorTyping
        onRetry={() => undefined}
        onDiscard={() => undefined}
      />,
    );
    const ticks = screen.getAllByTestId('chat-ticks').map((tick) => tick.getAttribute('data-read'));
    expect(ticks).toEqual(['true', 'false']);
    expect(screen.getByText('rahim')).toBeTruthy();
    expect(screen.getByText('Your chat was passed to another operator.')).toBeTruthy();
    expect(screen.getByTestId('chat-typing').textContent).toBe('rahim is typing…');
    expect(screen.getByRole('alert').textContent).toContain('Not sent.');
  });

  it('merges a live push and a catch-up of the same message once, in seq order', () => {
    const merged = mergeMessages([message(2), message(1)], [message(2), message(3)]);
    expect(merged.map((item) => item.seq)).toEqual([1, 2, 3]);
  });
});
