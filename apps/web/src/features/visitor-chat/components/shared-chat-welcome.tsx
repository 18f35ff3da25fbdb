import type { PublicAssistant } from '@aisle/contracts/sharing';
import { MessageCircleQuestionIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AssistantAvatar } from './assistant-avatar';

/** An empty chat: who answers, a welcome line, and the suggested questions as buttons that send. */
export function SharedChatWelcome({ assistant, onAsk }: { assistant: PublicAssistant; onAsk: (question: string) => void }) {
  const { t } = useTranslation('shopper');
  const questions = assistant.suggestedQuestions.filter((question) => question.trim());
  return (
    <div className="flex flex-col items-center px-4 py-8 text-center">
      <AssistantAvatar url={assistant.assistantAvatarUrl} className="size-14 ring-8 ring-primary/5" />
      <h2 className="mt-4 font-semibold text-lg tracking-tight">{t('welcome.greeting', { name: assistant.assistantName })}</h2>
      <p className="mt-1 max-w-sm text-muted-foreground text-sm">{t('welcome.intro')}</p>
      {questions.length ? (
        <ul aria-label={t('welcome.suggested')} className="mt-6 flex w-full max-w-md flex-col gap-2">
          {questions.map((question) => (
            <li key={question}>
              <button
                type="button"
                onClick={() => onAsk(question)}
                className="flex w-full items-center gap-2 rounded-xl border bg-card px-3.5 py-2.5 text-left text-sm shadow-xs outline-none transition-colors hover:border-primary/50 hover:bg-primary/5 focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <MessageCircleQuestionIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
                <span className="min-w-0 flex-1">{question}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
