import {
  ASSISTANT_NAME_MAX_LENGTH,
  type Assistant,
  type AssistantAvatarKind,
  type CreateAssistantRequest,
  INSTRUCTIONS_MAX_LENGTH,
  PASSAGES_PER_TURN_MAX,
  PASSAGES_PER_TURN_MIN,
  SAFE_GUARD_INSTRUCTION_MAX_LENGTH,
  USE_CASE_MAX_LENGTH,
} from '@aisle/contracts/assistants';
import { toNestErrors } from '@hookform/resolvers';
import {
  BookOpenIcon,
  BotIcon,
  BrainCircuitIcon,
  HeadsetIcon,
  IdCardIcon,
  LoaderCircleIcon,
  MessageCircleQuestionIcon,
  PlugIcon,
  ShieldCheckIcon,
  UserIcon,
} from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { type FieldErrors, type FieldPath, type FieldPathValue, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { describedBy, Field, Switch, Textarea } from '@/components/form-controls';
import { LengthCounter } from '@/components/length-counter';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { useFormat } from '@/i18n/format';
import { apiErrorText, fieldErrorPaths } from '@/lib/api-error-text';
import type { ModelOption } from '../api/get-models';
import type { UploadAssistantAvatarInput } from '../api/upload-assistant-avatar';
import { type AssistantFormValues, type FormErrors, formErrorsFromServer, validateForm } from '../assistant-form';
import { avatarInitials } from '../avatar-image';
import type { PendingAvatars } from '../hooks/use-assistant-actions';
import { type LinkChange, toggleLink } from '../link-diff';
import type { LinkFailure } from '../link-failure';
import type { LinkKind } from '../link-kinds';
import { validationText } from '../validation-text';
import { AvatarField } from './avatar-field';
import { FormSection } from './form-section';
import { LinkChecklist, type LinkOption } from './link-checklist';
import { LinkFailures } from './link-failures';
import { ModelPicker } from './model-picker';
import { OrderHelpSection } from './order-help-section';
import { RangeField } from './range-field';
import { SuggestedQuestionsEditor } from './suggested-questions-editor';

export interface EditorProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The assistant being edited, or null to create one. */
  assistant: Assistant | null;
  initial: AssistantFormValues;
  models: readonly ModelOption[];
  modelsLoading: boolean;
  options: Record<LinkKind, readonly LinkOption[]>;
  /** Saves the assistant, its links and the pictures picked before it existed; throws the API's error for the form to show. */
  onSave: (values: AssistantFormValues, body: CreateAssistantRequest, avatars: PendingAvatars) => Promise<void>;
  /** Uploads a saved assistant's picture at once; without it, only addresses can be given. */
  onUploadAvatar?: (input: UploadAssistantAvatarInput) => Promise<Assistant>;
  /** The links the last save could not make or remove (`attempt` counts the saves), shown with their reasons. */
  linkFailures?: { attempt: number; failures: readonly LinkFailure[] } | null;
  /** Makes one link call again for the saved assistant; throws the API's error. */
  onRetryLink?: (assistantId: string, change: LinkChange) => Promise<void>;
  /** Whether the owner has a connected Shopify store (order help needs one); undefined while unknown. */
  shopConnected?: boolean;
  /**
   * Which opening of the sheet this is: the form starts afresh when it changes. Defaults to the
   * assistant's id; the screen keeps it when a new assistant is saved and stays open for editing.
   */
  sessionKey?: string;
}

/**
 * Creating and editing an assistant in a side sheet: every setting in titled sections, checked
 * against the shared contract before sending, with the server's field errors under their inputs.
 */
export function AssistantEditor(props: EditorProps) {
  const { open, onOpenChange, assistant } = props;
  const { t } = useTranslation('assistants');
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" className="w-full gap-0 p-0 sm:max-w-2xl">
        <SheetHeader className="border-b px-5 py-4">
          <SheetTitle className="truncate text-lg" title={assistant ? assistant.assistantName : undefined}>
            {assistant ? t('editor.editTitle', { name: assistant.assistantName }) : t('editor.newTitle')}
          </SheetTitle>
          <SheetDescription>{assistant ? t('editor.editDescription') : t('editor.newDescription')}</SheetDescription>
        </SheetHeader>
        {/* Keyed so each opening starts from the given values with no stale errors. */}
        {open ? <EditorForm key={props.sessionKey ?? assistant?.id ?? 'new'} {...props} /> : null}
      </SheetContent>
    </Sheet>
  );
}

/**
 * The form's check: the request built from the form, against the shared contract (validateForm),
 * with its errors under the form's keys (a field's name, `passagesPerTurn`, `question:<rowKey>`, …).
 * A valid form hands the request body to the submit handler.
 */
const assistantResolver: Resolver<AssistantFormValues, unknown, CreateAssistantRequest> = (values, _context, options) => {
  const checked = validateForm(values);
  if (checked.ok) return { values: checked.body, errors: {} };
  const errors: FieldErrors = {};
  for (const [key, message] of Object.entries(checked.errors)) errors[key] = { type: 'contract', message };
  return { values: {}, errors: toNestErrors(errors, options) };
};

/**
 * The form's error messages by key, as the inputs show them (the whole-form message aside), in the
 * interface's language: the form holds the contract's English messages, read again at each render.
 */
function messagesOf(errors: FieldErrors): FormErrors {
  const messages: FormErrors = {};
  for (const [key, error] of Object.entries(errors)) {
    if (key !== 'root' && typeof error?.message === 'string') messages[key] = validationText(error.message);
  }
  return messages;
}

/** Error keys are not all field paths (`question:<rowKey>`); the form keeps them as given. */
const errorKey = (key: string) => key as FieldPath<AssistantFormValues>;

function EditorForm({
  assistant,
  initial,
  models,
  modelsLoading,
  options,
  onSave,
  onUploadAvatar,
  onOpenChange,
  linkFailures,
  onRetryLink,
  shopConnected,
}: EditorProps) {
  const { t } = useTranslation('assistants');
  const format = useFormat();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { register, handleSubmit, watch, getValues, setValue, setError, clearErrors, formState } = useForm<
    AssistantFormValues,
    unknown,
    CreateAssistantRequest
  >({
    defaultValues: initial,
    resolver: assistantResolver,
    // Errors show from a submit on; changing an input clears its own error until the next one.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const values = watch();
  const errors = messagesOf(formState.errors);
  const formError = formState.errors.root?.server?.message ?? null;
  const [busy, setBusy] = useState(false);
  const [pendingAvatars, setPendingAvatars] = useState<PendingAvatars>({});

  // A new assistant opened before the models arrived takes the default model once they do.
  useEffect(() => {
    if (initial.model && !getValues('model')) setValue('model', initial.model);
  }, [initial.model, getValues, setValue]);

  /** A value the form's own controls set (pickers, switches, rows, links), which clears its error. */
  const set = <K extends FieldPath<AssistantFormValues>>(key: K, value: FieldPathValue<AssistantFormValues, K>) => {
    setValue(key, value);
    clearErrors(key);
  };
  /** A native input of the form, whose change clears its error. */
  const field = (key: 'assistantName' | 'useCase' | 'instructions' | 'safeGuardInstruction') =>
    register(key, { onChange: () => clearErrors(key) });
  const numberField = (key: 'passagesPerTurn' | 'minimumScore') => register(key, { valueAsNumber: true, onChange: () => clearErrors(key) });

  // Brings the first field to fix into view, however far down the sheet it is.
  const focusFirstError = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const submit = handleSubmit(async (body) => {
    const current = getValues();
    setBusy(true);
    try {
      await onSave(current, body, pendingAvatars);
      // Uploaded with the save: a sheet kept open (links to fix) must not upload them again.
      setPendingAvatars({});
    } catch (failure) {
      const fields = formErrorsFromServer(fieldErrorPaths(failure), current);
      if (Object.keys(fields).length > 0) {
        for (const [key, message] of Object.entries(fields)) setError(errorKey(key), { type: 'server', message });
        focusFirstError();
      } else setError('root.server', { type: 'server', message: apiErrorText(failure, t('editor.saveFailed')) });
    } finally {
      setBusy(false);
    }
  }, focusFirstError);

  const f = (name: string) => `${id}-${name}`;
  const avatarUpload = (kind: AssistantAvatarKind) => ({
    kind,
    assistantId: assistant?.id ?? null,
    onUpload: onUploadAvatar,
    pendingFile: pendingAvatars[kind] ?? null,
    onPendingFileChange: (file: File | null) => setPendingAvatars((current) => ({ ...current, [kind]: file ?? undefined })),
  });
  const toggle = (kind: LinkKind) => (targetId: string, on: boolean) => set('links', toggleLink(values.links, kind, targetId, on));

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate className="flex min-h-0 flex-1 flex-col">
      <div className="grid flex-1 gap-4 overflow-y-auto bg-muted/30 p-4 sm:p-5">
        <FormSection title={t('editor.basics.title')} icon={IdCardIcon} description={t('editor.basics.description')}>
          <Field
            id={f('name')}
            label={t('editor.basics.name')}
            error={errors.assistantName}
            aside={<LengthCounter length={values.assistantName.length} max={ASSISTANT_NAME_MAX_LENGTH} />}
          >
            <Input
              id={f('name')}
              placeholder={t('editor.basics.namePlaceholder')}
              maxLength={ASSISTANT_NAME_MAX_LENGTH}
              autoComplete="off"
              autoFocus
              {...field('assistantName')}
              {...describedBy(f('name'), errors.assistantName)}
            />
          </Field>
          <Field id={f('use-case')} label={t('editor.basics.useCase')} error={errors.useCase} hint={t('editor.basics.useCaseHint')}>
            <Input
              id={f('use-case')}
              placeholder={t('editor.basics.useCasePlaceholder')}
              maxLength={USE_CASE_MAX_LENGTH}
              {...field('useCase')}
              {...describedBy(f('use-case'), errors.useCase, true)}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <AvatarField
              id={f('assistant-avatar')}
              label={t('editor.basics.assistantAvatar')}
              value={values.assistantAvatarUrl}
              error={errors.assistantAvatarUrl}
              initials={avatarInitials(values.assistantName)}
              fallbackIcon={BotIcon}
              onChange={(value) => set('assistantAvatarUrl', value)}
              {...avatarUpload('assistant')}
            />
            <AvatarField
              id={f('user-avatar')}
              label={t('editor.basics.visitorAvatar')}
              value={values.userAvatarUrl}
              error={errors.userAvatarUrl}
              fallbackIcon={UserIcon}
              onChange={(value) => set('userAvatarUrl', value)}
              {...avatarUpload('user')}
            />
          </div>
        </FormSection>

        <FormSection title={t('editor.behaviour.title')} icon={BrainCircuitIcon} description={t('editor.behaviour.description')}>
          <Field
            id={f('instructions')}
            label={t('editor.behaviour.instructions')}
            error={errors.instructions}
            hint={t('editor.behaviour.instructionsHint')}
            aside={
              <span className="text-muted-foreground text-xs tabular-nums">
                {format.number(values.instructions.length)} / {format.number(INSTRUCTIONS_MAX_LENGTH)}
              </span>
            }
          >
            <Textarea
              id={f('instructions')}
              rows={6}
              placeholder={t('editor.behaviour.instructionsPlaceholder')}
              {...field('instructions')}
              className="max-h-80"
              {...describedBy(f('instructions'), errors.instructions, true)}
            />
          </Field>
          <div className="grid gap-2">
            <span id={`${f('model')}-label`} className="font-medium text-sm leading-none">
              {t('editor.behaviour.model')}
            </span>
            <ModelPicker
              id={f('model')}
              models={models}
              loading={modelsLoading}
              value={values.model}
              error={errors.model}
              onChange={(model) => set('model', model)}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <RangeField
              id={f('temperature')}
              label={t('editor.behaviour.temperature')}
              hint={t('editor.behaviour.temperatureHint')}
              min={0}
              max={2}
              step={0.1}
              value={values.temperature}
              error={errors.temperature}
              onChange={(value) => set('temperature', value)}
            />
            <RangeField
              id={f('top-p')}
              label={t('editor.behaviour.topP')}
              hint={t('editor.behaviour.topPHint')}
              min={0}
              max={1}
              step={0.05}
              value={values.topP}
              error={errors.topP}
              onChange={(value) => set('topP', value)}
            />
          </div>
        </FormSection>

        <FormSection title={t('editor.knowledge.title')} icon={BookOpenIcon} description={t('editor.knowledge.description')}>
          <LinkChecklist
            label={t('editor.knowledge.stores')}
            options={options.store}
            selected={values.links.store}
            emptyHint={t('editor.knowledge.storesEmpty')}
            onToggle={toggle('store')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id={f('passages')}
              label={t('editor.knowledge.passages')}
              error={errors.passagesPerTurn}
              hint={t('editor.knowledge.passagesHint', { min: PASSAGES_PER_TURN_MIN, max: PASSAGES_PER_TURN_MAX })}
            >
              <Input
                id={f('passages')}
                type="number"
                min={PASSAGES_PER_TURN_MIN}
                max={PASSAGES_PER_TURN_MAX}
                step={1}
                {...numberField('passagesPerTurn')}
                {...describedBy(f('passages'), errors.passagesPerTurn, true)}
              />
            </Field>
            <Field
              id={f('min-score')}
              label={t('editor.knowledge.minimumScore')}
              error={errors.minimumScore}
              hint={t('editor.knowledge.minimumScoreHint')}
            >
              <Input
                id={f('min-score')}
                type="number"
                min={0}
                step={0.1}
                {...numberField('minimumScore')}
                {...describedBy(f('min-score'), errors.minimumScore, true)}
              />
            </Field>
          </div>
        </FormSection>

        <FormSection title={t('editor.safeguard.title')} icon={ShieldCheckIcon} description={t('editor.safeguard.description')}>
          <div className="flex items-center justify-between gap-4 rounded-lg border bg-background px-3 py-2.5 dark:bg-input/20">
            <label htmlFor={f('safeguard')} className="grid gap-0.5">
              <span className="font-medium text-sm">{t('editor.safeguard.switch')}</span>
              <span className="text-muted-foreground text-xs">{t('editor.safeguard.switchHint')}</span>
            </label>
            <Switch id={f('safeguard')} checked={values.isSafeGuardOn} onCheckedChange={(on) => set('isSafeGuardOn', on)} />
          </div>
          {values.isSafeGuardOn ? (
            <Field id={f('safeguard-instruction')} label={t('editor.safeguard.instruction')} error={errors.safeGuardInstruction}>
              <Textarea
                id={f('safeguard-instruction')}
                rows={3}
                maxLength={SAFE_GUARD_INSTRUCTION_MAX_LENGTH}
                placeholder={t('editor.safeguard.instructionPlaceholder')}
                {...field('safeGuardInstruction')}
                {...describedBy(f('safeguard-instruction'), errors.safeGuardInstruction)}
              />
            </Field>
          ) : null}
        </FormSection>

        <FormSection title={t('editor.handoff.title')} icon={HeadsetIcon} description={t('editor.handoff.description')}>
          <div className="flex items-center justify-between gap-4 rounded-lg border bg-background px-3 py-2.5 dark:bg-input/20">
            <label htmlFor={f('pause-on-handoff')} className="grid gap-0.5">
              <span className="font-medium text-sm">{t('editor.handoff.switch')}</span>
              <span className="text-muted-foreground text-xs">{t('editor.handoff.switchHint')}</span>
            </label>
            <Switch id={f('pause-on-handoff')} checked={values.pauseOnHandoff} onCheckedChange={(on) => set('pauseOnHandoff', on)} />
          </div>
        </FormSection>

        <OrderHelpSection
          id={f('order-help')}
          value={values.orderHelp}
          shopConnected={shopConnected}
          onChange={(orderHelp) => set('orderHelp', orderHelp)}
        />

        <FormSection title={t('editor.questions.title')} icon={MessageCircleQuestionIcon} description={t('editor.questions.description')}>
          <SuggestedQuestionsEditor
            id={f('questions')}
            rows={values.questions}
            errors={errors}
            onChange={(rows) => set('questions', rows)}
          />
        </FormSection>

        <FormSection title={t('editor.links.title')} icon={PlugIcon} description={t('editor.links.description')}>
          <div className="grid gap-2">
            <h4 className="font-medium text-muted-foreground text-xs uppercase tracking-wide">{t('editor.links.functions')}</h4>
            <LinkChecklist
              label={t('editor.links.functions')}
              options={options.function}
              selected={values.links.function}
              emptyHint={t('editor.links.functionsEmpty')}
              onToggle={toggle('function')}
            />
          </div>
          <div className="grid gap-2">
            <h4 className="font-medium text-muted-foreground text-xs uppercase tracking-wide">{t('editor.links.templates')}</h4>
            <LinkChecklist
              label={t('editor.links.templates')}
              options={options.template}
              selected={values.links.template}
              emptyHint={t('editor.links.templatesEmpty')}
              onToggle={toggle('template')}
            />
          </div>
        </FormSection>

        {linkFailures && linkFailures.failures.length > 0 && assistant && onRetryLink ? (
          <LinkFailures
            key={linkFailures.attempt}
            failures={linkFailures.failures}
            options={options}
            onRetry={(change) => onRetryLink(assistant.id, change)}
            onDone={(change) => set('links', toggleLink(getValues('links'), change.kind, change.targetId, change.action === 'add'))}
          />
        ) : null}
      </div>

      <footer className="flex flex-wrap items-center justify-end gap-2 border-t bg-background px-5 py-3">
        {formError ? (
          <p role="alert" className="mr-auto text-destructive text-sm">
            {formError}
          </p>
        ) : Object.values(errors).some(Boolean) ? (
          <p role="alert" className="mr-auto text-destructive text-sm">
            {t('editor.checkFields')}
          </p>
        ) : null}
        <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
          {t('editor.cancel')}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          {assistant ? t('editor.saveChanges') : t('editor.create')}
        </Button>
      </footer>
    </form>
  );
}
