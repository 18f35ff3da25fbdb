import type { FunctionItem } from '@aisle/contracts/functions';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { apiErrorText } from '@/lib/api-error-text';
import { definitionOf } from '../function-fields';
import { canFix } from '../function-status';
import { useFunctionWorkspace } from '../hooks/use-function-workspace';
import { useSaveShortcut } from '../hooks/use-save-shortcut';
import { CodeEditor } from './code-editor';
import { DefinitionEditor } from './definition-editor';
import { FixProposal } from './fix-proposal';
import { FunctionDetailsFields } from './function-details-fields';
import { FunctionStatusPanel } from './function-status-panel';
import { FunctionToolbar } from './function-toolbar';
import { RunPanel } from './run-panel';

/** One function open for editing: its details, code and tool definition, its status and test runs. */
export function FunctionWorkspace({ fn, onClose }: { fn: FunctionItem; onClose: () => void }) {
  const { t } = useTranslation('functions');
  const workspace = useFunctionWorkspace(fn);
  const { editor, errors, busy, proposal } = workspace;
  const { draft, dirty, definition, change } = editor;
  const [confirming, setConfirming] = useState<'initialize' | 'delete' | null>(null);
  const canSave = dirty && definition.ok;

  const save = () => {
    if (canSave && busy === null) void workspace.save();
  };
  useSaveShortcut(save);

  return (
    <div className="grid gap-5">
      <FunctionToolbar
        name={fn.name}
        dirty={dirty}
        busy={busy}
        canSave={canSave}
        canFix={canFix(fn.status)}
        onBack={onClose}
        onSave={save}
        onInitialize={() => (draft.code.trim() ? setConfirming('initialize') : void workspace.initializeNow())}
        onFix={() => void workspace.fix()}
        onDelete={() => setConfirming('delete')}
      />
      <FunctionStatusPanel fn={fn} />
      {proposal ? (
        <FixProposal
          proposal={proposal}
          applying={busy === 'save'}
          onApply={() => void workspace.applyFix()}
          onDiscard={workspace.discardFix}
        />
      ) : null}
      <FunctionDetailsFields values={draft} onChange={change} errors={errors} compact />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid min-w-0 content-start gap-2">
          <div>
            <h3 className="font-medium text-sm">{t('workspace.code')}</h3>
            <p className="text-muted-foreground text-xs">
              <Trans
                t={t}
                i18nKey="workspace.codeHint"
                values={{ signature: 'export default async (args, variables) => …' }}
                components={{ code: <code className="font-mono" /> }}
              />
            </p>
          </div>
          <CodeEditor
            language="javascript"
            label={t('workspace.code')}
            value={draft.code}
            onChange={(code) => change({ code })}
            minHeight="22rem"
          />
          {errors.code ? <p className="text-destructive text-sm">{errors.code}</p> : null}
        </div>
        <DefinitionEditor
          value={draft.definitionText}
          onChange={(definitionText) => change({ definitionText })}
          state={definition}
          serverError={errors.functionAssistantDefinition}
        />
      </div>
      <RunPanel definition={definition.ok ? definition.value : definitionOf(fn)} onRun={workspace.run} />

      <ConfirmDialog
        open={confirming === 'initialize'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('workspace.replaceTitle')}
        confirmLabel={t('workspace.replaceConfirm')}
        onConfirm={workspace.initialize}
        errorText={(failure) => apiErrorText(failure, t('toasts.initializeFailed'))}
      >
        {t('workspace.replaceBody')}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'delete'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('workspace.deleteTitle', { name: fn.name })}
        confirmLabel={t('workspace.deleteConfirm')}
        onConfirm={async () => {
          await workspace.remove();
          toast.success(t('workspace.deleted', { name: fn.name }));
          onClose();
        }}
      >
        {t('workspace.deleteBody')}
      </ConfirmDialog>
    </div>
  );
}
