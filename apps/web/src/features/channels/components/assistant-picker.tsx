import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@/components/form-controls';

export interface AssistantOption {
  id: string;
  assistantName: string | null;
}

/** Which of the owner's assistants answers on an account. */
export function AssistantPicker({
  id,
  label,
  assistants,
  value,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  assistants: AssistantOption[];
  value: string;
  onChange: (assistantId: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('channels');
  return (
    <NativeSelect
      id={id}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      className="w-full sm:w-56"
    >
      <option value="">{t('picker.choose')}</option>
      {assistants.map((assistant) => (
        <option key={assistant.id} value={assistant.id}>
          {assistant.assistantName || t('picker.untitled')}
        </option>
      ))}
    </NativeSelect>
  );
}
