import type { FunctionItem } from '@aisle/contracts/functions';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { draftFromFunction, type FunctionDraft, readDefinitionText, sameDraft } from '../function-draft';

/**
 * The function view's edits: what was last saved and what is typed now. Mount it per function
 * (a `key`), so opening another function starts from that one's saved values.
 */
export function useFunctionDraft(fn: FunctionItem) {
  const [saved, setSaved] = useState(() => draftFromFunction(fn));
  const [draft, setDraft] = useState(saved);
  // The message of an unreadable definition is in the interface's language: read again when it changes.
  const { i18n } = useTranslation('functions');
  const language = i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: language changes the message's words
  const definition = useMemo(() => readDefinitionText(draft.definitionText), [draft.definitionText, language]);

  return {
    draft,
    dirty: !sameDraft(saved, draft),
    definition,
    change: (patch: Partial<FunctionDraft>) => setDraft((current) => ({ ...current, ...patch })),
    /** The values just stored; what was typed since stays as typed. */
    markSaved: (sent: FunctionDraft) => setSaved(sent),
    /** Both sides replaced by what the server wrote (initialize). */
    reset: (next: FunctionItem) => {
      const values = draftFromFunction(next);
      setSaved(values);
      setDraft(values);
    },
  };
}

export type FunctionDraftState = ReturnType<typeof useFunctionDraft>;
