import { AUTO_REPLY_PAUSED_TEXT, SHARED_MESSAGE_MAX_LENGTH, TEAM_SIGNATURE } from '@aisle/contracts/visitor-chat';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { fakeSharedChatServer, json, publicAssistant, publicMessage, THREAD_ID } from '@/testing/fake-shared-chat-server';
import { SharedChatPage } from './shared-chat-page';

const TOKEN = 'share-token-1';
/** The merchant's own words on the page (the assistant's name, its suggested questions): never translated. */
const MERCHANT_CONTENT = ['Mia', 'Do you ship abroad?', 'How do returns work?'];

function renderPage({ widget = false, host = null as string | null } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SharedChatPage shareToken={TOKEN} widget={widget} host={host} />
    </QueryClientProvider>,
  );
}

const speak = (language: string) => act(async () => void (await i18n.changeLanguage(language)));

/** Every word a shopper sees or hears: text, labels, placeholders and titles, the merchant's own content taken out. */
function englishLeftIn(container: HTMLElement): string[] {
  const seen = [container.textContent ?? ''];
  for (const element of container.querySelectorAll('*'))
    for (const name of ['aria-label', 'placeholder', 'title', 'alt']) seen.push(element.getAttribute(name) ?? '');
  let text = seen.join('\n');
  for (const content of MERCHANT_CONTENT) text = text.split(content).join(' ');
  // "AI" is written so in every language.
  return (text.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => word !== 'AI');
}

const remember = () =>
  localStorage.setItem(`aisle.shared-chat.${TOKEN}`, JSON.stringify({ sharedThreadId: THREAD_ID, visitorToken: 'visitor-token-1' }));

describe('the public chat in Japanese', () => {
  it('welcomes, labels and counts in Japanese, with no English but the shop’s own words', async () => {
    await speak('ja');
    fakeSharedChatServer({ 'decode-shared-token': () => json(200, publicAssistant()) });
    const { container } = renderPage();
    expect(screen.getByRole('status', { name: 'チャットを読み込み中' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Mia', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('こんにちは！Miaです。')).toBeInTheDocument();
    expect(screen.getByText('商品、ご注文、配送、返品など、ショップについて何でもお尋ねください。')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: '質問の例' })).toBeInTheDocument();
    expect(screen.getByRole('log', { name: '会話' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'メッセージを送信' })).toBeInTheDocument();
    const box = screen.getByLabelText('メッセージ');
    expect(box).toHaveAttribute('placeholder', 'Miaへのメッセージ…');
    expect(screen.getByRole('button', { name: '送信' })).toBeInTheDocument();
    expect(document.title).toBe('Miaとのチャット');
    expect(englishLeftIn(container)).toEqual([]);

    fireEvent.change(box, { target: { value: 'あ'.repeat(SHARED_MESSAGE_MAX_LENGTH - 10) } });
    expect(screen.getByText('3,990 / 4,000文字')).toBeInTheDocument();
  });

  it('labels the shop team’s replies and the paused notice in Japanese', async () => {
    await speak('ja');
    remember();
    fakeSharedChatServer({
      'decode-shared-token': () => json(200, publicAssistant()),
      thread: () =>
        json(200, {
          thread: { sharedThreadId: THREAD_ID, anonymousEmail: 'v@anon', autoReplyPaused: true },
          messages: [
            publicMessage({ id: 'q1', senderType: 'user', content: '在庫はありますか？' }),
            publicMessage({ id: 'm1', content: 'はい、あります。', isManualResponse: true, senderName: TEAM_SIGNATURE }),
          ],
        }),
    });
    const { container } = renderPage();
    const log = await screen.findByRole('log', { name: '会話' });
    expect(await within(log).findByRole('listitem', { name: 'ショップのスタッフのメッセージ' })).toHaveTextContent('はい、あります。');
    expect(within(log).getByRole('listitem', { name: 'あなたのメッセージ' })).toHaveTextContent('在庫はありますか？');
    expect(screen.getByText('まもなくショップのスタッフがこちらでご返信します。')).toBeInTheDocument();
    expect(screen.queryByText(AUTO_REPLY_PAUSED_TEXT)).toBeNull();
    expect(englishLeftIn(container)).toEqual([]);
  });
});

describe('the public chat in Thai', () => {
  it('shows the page in Thai', async () => {
    await speak('th');
    fakeSharedChatServer({ 'decode-shared-token': () => json(200, publicAssistant()) });
    const { container } = renderPage({ widget: true, host: null });
    expect(await screen.findByText('สวัสดี! ฉันชื่อ Mia')).toBeInTheDocument();
    expect(screen.getByText('ผู้ช่วย AI · ทีมงานของร้านอาจเข้ามาตอบ')).toBeInTheDocument();
    expect(screen.getByLabelText('ข้อความ')).toHaveAttribute('placeholder', 'ส่งข้อความถึง Mia…');
    expect(screen.getByRole('button', { name: 'ส่ง' })).toBeInTheDocument();
    expect(englishLeftIn(container)).toEqual([]);
  });

  it('tells a link that is turned off in Thai, though the server wrote it in English', async () => {
    await speak('th');
    fakeSharedChatServer({
      'decode-shared-token': () => json(410, { detail: 'This chat is turned off for now. Please try again later.', code: 'inactive' }),
    });
    const { container } = renderPage();
    expect(await screen.findByRole('heading', { name: 'แชทหยุดชั่วคราว' })).toBeInTheDocument();
    expect(screen.getByText('แชทนี้ปิดอยู่ชั่วคราว โปรดลองอีกครั้งภายหลัง')).toBeInTheDocument();
    expect(englishLeftIn(container)).toEqual([]);
  });

  it('says the shopper is offline in Thai', async () => {
    await speak('th');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeSharedChatServer({
      'decode-shared-token': () => json(200, publicAssistant()),
      stream: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderPage();
    await userEvent.type(await screen.findByLabelText('ข้อความ'), 'สวัสดี{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('ดูเหมือนคุณจะออฟไลน์อยู่ โปรดตรวจสอบการเชื่อมต่อ แล้วลองอีกครั้ง');
    expect(screen.getByRole('button', { name: 'ลองอีกครั้ง' })).toBeInTheDocument();
  });
});

describe('the public chat in Korean and Indonesian', () => {
  it('shows the widget’s chat in Korean, close button included', async () => {
    await speak('ko');
    fakeSharedChatServer({ 'decode-shared-token': () => json(200, publicAssistant()) });
    const { container } = renderPage({ widget: true, host: 'https://shop.example' });
    expect(await screen.findByText('안녕하세요! Mia입니다.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '채팅 닫기' })).toBeInTheDocument();
    expect(screen.getByLabelText('메시지')).toHaveAttribute('placeholder', 'Mia에게 메시지 보내기…');
    await waitFor(() => expect(englishLeftIn(container)).toEqual([]));
  });

  it('tells an unreachable chat in Indonesian', async () => {
    await speak('id');
    fakeSharedChatServer({ 'decode-shared-token': () => json(400, { token: ['This field may not be blank.'] }) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Chat tidak tersedia' })).toBeInTheDocument();
    expect(screen.getByText('Kami tidak dapat memuat chat ini. Periksa koneksi Anda, lalu coba lagi.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Coba lagi' })).toBeInTheDocument();
    expect(screen.queryByText(/Try again|couldn’t load/)).toBeNull();
  });
});
