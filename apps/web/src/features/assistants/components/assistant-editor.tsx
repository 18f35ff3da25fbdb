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
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { describedBy, Field, Switch, Textarea } from '@/components/form-controls';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { apiErrorText, fieldErrorPaths } from '@/lib/api-error-text';
import type { ModelOption } from '../api/get-models';
import type { UploadAssistantAvatarInput } from '../api/upload-assistant-avatar';
import { type AssistantFormValues, type FormErrors, formErrorsFromServer, validateForm } from '../assistant-form';
import { avatarInitials } from '../avatar-image';
import type { PendingAvatars } from '../hooks/use-assistant-actions';
import { toggleLink } from '../link-diff';
import type { LinkKind } from '../link-kinds';
import { AvatarField } from './avatar-field';
import { FormSection } from './form-section';
import { LinkChecklist, type LinkOption } from './link-checklist';
import { ModelPicker } from './model-picker';
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
}

/**
 * Creating and editing an assistant in a side sheet: every setting in titled sections, checked
 * against the shared contract before sending, with the server's field errors under their inputs.
 */
export function AssistantEditor(props: EditorProps) {
  const { open, onOpenChange, assistant } = props;
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" className="w-full gap-0 p-0 sm:max-w-2xl">
        <SheetHeader className="border-b px-5 py-4">
          <SheetTitle className="text-lg">{assistant ? `Edit ${assistant.assistantName}` : 'New assistant'}</SheetTitle>
          <SheetDescription>
            {assistant
              ? 'Changes apply to new messages at once.'
              : 'Give it a name and instructions; everything else has sensible defaults.'}
          </SheetDescription>
        </SheetHeader>
        {/* Keyed so each opening starts from the given values with no stale errors. */}
        {open ? <EditorForm key={assistant?.id ?? 'new'} {...props} /> : null}
      </SheetContent>
    </Sheet>
  );
}

function EditorForm({ assistant, initial, models, modelsLoading, options, onSave, onUploadAvatar, onOpenChange }: EditorProps) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [pendingAvatars, setPendingAvatars] = useState<PendingAvatars>({});

  // A new assistant opened before the models arrived takes the default model once they do.
  useEffect(() => {
    if (initial.model) setValues((current) => (current.model ? current : { ...current, model: initial.model }));
  }, [initial.model]);

  const set = <K extends keyof AssistantFormValues>(key: K, value: AssistantFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => (key in current ? { ...current, [key]: '' } : current));
  };

  const showErrors = (next: FormErrors) => {
    setErrors(next);
    // Brings the first field to fix into view, however far down the sheet it is.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = validateForm(values);
    if (!checked.ok) return showErrors(checked.errors);
    setBusy(true);
    try {
      await onSave(values, checked.body, pendingAvatars);
    } catch (failure) {
      const fields = formErrorsFromServer(fieldErrorPaths(failure), values);
      if (Object.keys(fields).length > 0) showErrors(fields);
      else setFormError(apiErrorText(failure, 'The assistant could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

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
        <FormSection title="Basics" icon={IdCardIcon} description="How the assistant is named and what it is for.">
          <Field id={f('name')} label="Name" error={errors.assistantName}>
            <Input
              id={f('name')}
              value={values.assistantName}
              placeholder="e.g. Shop helper"
              maxLength={ASSISTANT_NAME_MAX_LENGTH + 50}
              autoComplete="off"
              autoFocus
              onChange={(event) => set('assistantName', event.target.value)}
              {...describedBy(f('name'), errors.assistantName)}
            />
          </Field>
          <Field id={f('use-case')} label="Use case" error={errors.useCase} hint="A short note for you, e.g. “Pre-sales questions”.">
            <Input
              id={f('use-case')}
              value={values.useCase}
              placeholder="e.g. Customer support"
              maxLength={USE_CASE_MAX_LENGTH}
              onChange={(event) => set('useCase', event.target.value)}
              {...describedBy(f('use-case'), errors.useCase, true)}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <AvatarField
              id={f('assistant-avatar')}
              label="Assistant avatar"
              value={values.assistantAvatarUrl}
              error={errors.assistantAvatarUrl}
              initials={avatarInitials(values.assistantName)}
              fallbackIcon={BotIcon}
              onChange={(value) => set('assistantAvatarUrl', value)}
              {...avatarUpload('assistant')}
            />
            <AvatarField
              id={f('user-avatar')}
              label="Visitor avatar"
              value={values.userAvatarUrl}
              error={errors.userAvatarUrl}
              fallbackIcon={UserIcon}
              onChange={(value) => set('userAvatarUrl', value)}
              {...avatarUpload('user')}
            />
          </div>
        </FormSection>

        <FormSection title="Behaviour" icon={BrainCircuitIcon} description="What it is told, and the model that answers.">
          <Field
            id={f('instructions')}
            label="Instructions"
            error={errors.instructions}
            hint="Tone, what to help with, what to avoid. Your stores supply the facts."
            aside={
              <span className="text-muted-foreground text-xs tabular-nums">
                {values.instructions.length.toLocaleString('en-US')} / {INSTRUCTIONS_MAX_LENGTH.toLocaleString('en-US')}
              </span>
            }
          >
            <Textarea
              id={f('instructions')}
              value={values.instructions}
              rows={6}
              placeholder="You are the friendly assistant of our clothing shop. Answer questions about sizing, shipping and returns…"
              onChange={(event) => set('instructions', event.target.value)}
              className="max-h-80"
              {...describedBy(f('instructions'), errors.instructions, true)}
            />
          </Field>
          <div className="grid gap-2">
            <span id={`${f('model')}-label`} className="font-medium text-sm leading-none">
              Model
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
              label="Temperature"
              hint="0 keeps answers predictable; 2 is most varied."
              min={0}
              max={2}
              step={0.1}
              value={values.temperature}
              error={errors.temperature}
              onChange={(value) => set('temperature', value)}
            />
            <RangeField
              id={f('top-p')}
              label="Top P"
              hint="Share of likely words considered, 0 to 1."
              min={0}
              max={1}
              step={0.05}
              value={values.topP}
              error={errors.topP}
              onChange={(value) => set('topP', value)}
            />
          </div>
        </FormSection>

        <FormSection title="Knowledge" icon={BookOpenIcon} description="The stores it answers from, and how much it reads per answer.">
          <LinkChecklist
            label="Stores"
            options={options.store}
            selected={values.links.store}
            emptyHint="No stores yet. Create one on the Store screen, then link it here."
            onToggle={toggle('store')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id={f('passages')}
              label="Passages per turn"
              error={errors.passagesPerTurn}
              hint={`${PASSAGES_PER_TURN_MIN}–${PASSAGES_PER_TURN_MAX} passages given to the model with each question.`}
            >
              <Input
                id={f('passages')}
                type="number"
                min={PASSAGES_PER_TURN_MIN}
                max={PASSAGES_PER_TURN_MAX}
                step={1}
                value={Number.isFinite(values.passagesPerTurn) ? values.passagesPerTurn : ''}
                onChange={(event) => set('passagesPerTurn', event.target.value === '' ? Number.NaN : Number(event.target.value))}
                {...describedBy(f('passages'), errors.passagesPerTurn, true)}
              />
            </Field>
            <Field
              id={f('min-score')}
              label="Minimum score"
              error={errors.minimumScore}
              hint="Passages scoring below this are left out; 0 keeps all."
            >
              <Input
                id={f('min-score')}
                type="number"
                min={0}
                step={0.1}
                value={Number.isFinite(values.minimumScore) ? values.minimumScore : ''}
                onChange={(event) => set('minimumScore', event.target.value === '' ? Number.NaN : Number(event.target.value))}
                {...describedBy(f('min-score'), errors.minimumScore, true)}
              />
            </Field>
          </div>
        </FormSection>

        <FormSection title="Safeguard" icon={ShieldCheckIcon} description="An extra rule checked on every answer.">
          <div className="flex items-center justify-between gap-4 rounded-lg border bg-background px-3 py-2.5 dark:bg-input/20">
            <label htmlFor={f('safeguard')} className="grid gap-0.5">
              <span className="font-medium text-sm">Safeguard</span>
              <span className="text-muted-foreground text-xs">Keep answers within the rule below.</span>
            </label>
            <Switch id={f('safeguard')} checked={values.isSafeGuardOn} onCheckedChange={(on) => set('isSafeGuardOn', on)} />
          </div>
          {values.isSafeGuardOn ? (
            <Field id={f('safeguard-instruction')} label="Safeguard instruction" error={errors.safeGuardInstruction}>
              <Textarea
                id={f('safeguard-instruction')}
                value={values.safeGuardInstruction}
                rows={3}
                maxLength={SAFE_GUARD_INSTRUCTION_MAX_LENGTH}
                placeholder="e.g. Never promise discounts or discuss competitors."
                onChange={(event) => set('safeGuardInstruction', event.target.value)}
                {...describedBy(f('safeguard-instruction'), errors.safeGuardInstruction)}
              />
            </Field>
          ) : null}
        </FormSection>

        <FormSection
          title="Handing over to a person"
          icon={HeadsetIcon}
          description="When a shopper asks for a person, seems upset, or goes twice without an answer, you are notified and they are told your team will reply."
        >
          <div className="flex items-center justify-between gap-4 rounded-lg border bg-background px-3 py-2.5 dark:bg-input/20">
            <label htmlFor={f('pause-on-handoff')} className="grid gap-0.5">
              <span className="font-medium text-sm">Pause auto-reply when a person is needed</span>
              <span className="text-muted-foreground text-xs">The assistant stays quiet in that conversation until you resume it.</span>
            </label>
            <Switch id={f('pause-on-handoff')} checked={values.pauseOnHandoff} onCheckedChange={(on) => set('pauseOnHandoff', on)} />
          </div>
        </FormSection>

        <FormSection
          title="Suggested questions"
          icon={MessageCircleQuestionIcon}
          description="Starters shown to visitors; an example answer shows the assistant how to reply."
        >
          <SuggestedQuestionsEditor
            id={f('questions')}
            rows={values.questions}
            errors={errors}
            onChange={(rows) => set('questions', rows)}
          />
        </FormSection>

        <FormSection title="Functions and templates" icon={PlugIcon} description="Actions it can take and templates it follows.">
          <div className="grid gap-2">
            <h4 className="font-medium text-muted-foreground text-xs uppercase tracking-wide">Functions</h4>
            <LinkChecklist
              label="Functions"
              options={options.function}
              selected={values.links.function}
              emptyHint="No functions yet. Functions you add will show here."
              onToggle={toggle('function')}
            />
          </div>
          <div className="grid gap-2">
            <h4 className="font-medium text-muted-foreground text-xs uppercase tracking-wide">Templates</h4>
            <LinkChecklist
              label="Templates"
              options={options.template}
              selected={values.links.template}
              emptyHint="No templates are available yet."
              onToggle={toggle('template')}
            />
          </div>
        </FormSection>
      </div>

      <footer className="flex flex-wrap items-center justify-end gap-2 border-t bg-background px-5 py-3">
        {formError ? (
          <p role="alert" className="mr-auto text-destructive text-sm">
            {formError}
          </p>
        ) : Object.values(errors).some(Boolean) ? (
          <p role="alert" className="mr-auto text-destructive text-sm">
            Check the highlighted fields.
          </p>
        ) : null}
        <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          {assistant ? 'Save changes' : 'Create assistant'}
        </Button>
      </footer>
    </form>
  );
}
