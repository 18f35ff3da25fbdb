import type { Assistant } from '@aisle/contracts/assistants';
import { BotIcon, ChevronsUpDownIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * Which assistant to talk to. A native select: it is keyboard- and screen-reader-friendly
 * everywhere and opens the phone's own picker on small screens.
 */
export function AssistantPicker({
  assistants,
  value,
  onChange,
}: {
  assistants: readonly Assistant[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation('chat');
  // A long name is cut short in the closed picker: the whole of it on hover.
  const chosen = assistants.find((assistant) => assistant.id === value)?.assistantName;
  return (
    <div className="relative">
      <label htmlFor="chat-assistant" className="sr-only">
        {t('picker.label')}
      </label>
      <BotIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-primary" aria-hidden="true" />
      <select
        id="chat-assistant"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
        title={chosen}
        className="h-10 w-full cursor-pointer appearance-none truncate rounded-lg border bg-background pr-9 pl-9 font-medium text-sm shadow-xs outline-none transition-colors hover:bg-accent focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30"
      >
        {assistants.map((assistant) => (
          <option key={assistant.id} value={assistant.id}>
            {assistant.assistantName}
          </option>
        ))}
      </select>
      <ChevronsUpDownIcon
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
    </div>
  );
}
