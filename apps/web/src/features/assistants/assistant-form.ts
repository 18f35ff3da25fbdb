import {
  type Assistant,
  type CreateAssistantRequest,
  createAssistantRequestSchema,
  DEFAULT_STORE_RETRIEVAL_SETTINGS,
  storeRetrievalSettingsSchema,
} from '@aisle/contracts/assistants';
import { DEFAULT_ORDER_HELP_SETTINGS, type OrderHelpSettings, orderHelpSettingsOf } from '@aisle/contracts/commerce';
import type { LinkedIds } from './link-kinds';
import { noLinks } from './link-kinds';
import { type QuestionRow, rowsFromStored, rowsToRequest } from './suggested-questions';

/** What the assistant form edits: the request's fields, flattened for inputs, plus the links. */
export interface AssistantFormValues {
  assistantName: string;
  instructions: string;
  model: string;
  temperature: number;
  topP: number;
  passagesPerTurn: number;
  minimumScore: number;
  isSafeGuardOn: boolean;
  /** Auto-reply pauses on a visitor's thread once it is handed to a person. */
  pauseOnHandoff: boolean;
  /** Which built-in order-help actions are on (all of them unless the owner turns one off). */
  orderHelp: OrderHelpSettings;
  safeGuardInstruction: string;
  useCase: string;
  assistantAvatarUrl: string;
  userAvatarUrl: string;
  questions: QuestionRow[];
  links: LinkedIds;
}

/** A focused shop assistant answers from its stores; lower than the providers' default of 1. */
export const DEFAULT_TEMPERATURE = 0.5;
export const DEFAULT_TOP_P = 1;

/**
 * A new assistant's form. A merchant with exactly one store has it linked from the start (the
 * assistant is there to answer from it); with several, none is picked for them.
 */
export function emptyForm(defaultModelId: string, storeIds: readonly string[] = []): AssistantFormValues {
  const links = noLinks();
  if (storeIds.length === 1) links.store = [...storeIds];
  return {
    assistantName: '',
    instructions: '',
    model: defaultModelId,
    temperature: DEFAULT_TEMPERATURE,
    topP: DEFAULT_TOP_P,
    passagesPerTurn: DEFAULT_STORE_RETRIEVAL_SETTINGS.passagesPerTurn,
    minimumScore: DEFAULT_STORE_RETRIEVAL_SETTINGS.minimumScore,
    isSafeGuardOn: false,
    pauseOnHandoff: false,
    orderHelp: { ...DEFAULT_ORDER_HELP_SETTINGS },
    safeGuardInstruction: '',
    useCase: '',
    assistantAvatarUrl: '',
    userAvatarUrl: '',
    questions: [],
    links,
  };
}

/**
 * A JSON field as the data API sends it (AWSJSON: a string holding JSON) or as REST does (the
 * value itself); unreadable text reads as missing.
 */
export function jsonField(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** An assistant as the form shows it; missing or malformed stored values read as the defaults. */
export function formFromAssistant(assistant: Assistant, links: LinkedIds, defaultModelId: string): AssistantFormValues {
  const retrieval = storeRetrievalSettingsSchema.safeParse(jsonField(assistant.storeRetrievalSettings) ?? {});
  const settings = retrieval.success ? retrieval.data : DEFAULT_STORE_RETRIEVAL_SETTINGS;
  return {
    assistantName: assistant.assistantName,
    instructions: assistant.instructions ?? '',
    model: assistant.model ?? defaultModelId,
    temperature: assistant.temperature ?? DEFAULT_TEMPERATURE,
    topP: assistant.topP ?? DEFAULT_TOP_P,
    passagesPerTurn: settings.passagesPerTurn,
    minimumScore: settings.minimumScore,
    isSafeGuardOn: assistant.isSafeGuardOn,
    pauseOnHandoff: assistant.pauseOnHandoff === true,
    // The data API sends JSON text; null (or an assistant from before the switches) is all on.
    orderHelp: orderHelpSettingsOf(jsonField(assistant.orderHelp)),
    safeGuardInstruction: assistant.safeGuardInstruction ?? '',
    useCase: assistant.useCase ?? '',
    assistantAvatarUrl: assistant.assistantAvatarUrl ?? '',
    userAvatarUrl: assistant.userAvatarUrl ?? '',
    questions: rowsFromStored(jsonField(assistant.assistantUserQA)),
    links: { store: [...links.store], function: [...links.function], template: [...links.template] },
  };
}

/** The create body (an edit sends the same fields with the id). URLs are trimmed; blank means none. */
export function formToRequest(values: AssistantFormValues): CreateAssistantRequest {
  return {
    assistantName: values.assistantName.trim(),
    instructions: values.instructions,
    model: values.model,
    temperature: values.temperature,
    topP: values.topP,
    storeRetrievalSettings: { passagesPerTurn: values.passagesPerTurn, minimumScore: values.minimumScore },
    isSafeGuardOn: values.isSafeGuardOn,
    pauseOnHandoff: values.pauseOnHandoff,
    orderHelp: { ...values.orderHelp },
    safeGuardInstruction: values.safeGuardInstruction,
    useCase: values.useCase.trim(),
    assistantAvatarUrl: values.assistantAvatarUrl.trim(),
    userAvatarUrl: values.userAvatarUrl.trim(),
    assistantUserQA: rowsToRequest(values.questions),
  };
}

/**
 * Form error keys: a field's name, `passagesPerTurn` / `minimumScore` for the retrieval settings,
 * and `question:<rowKey>` / `answer:<rowKey>` for a suggested question's inputs.
 */
export type FormErrors = Record<string, string>;

/**
 * Where an error at a request path shows in the form. Question paths count the rows actually sent
 * (blank rows are dropped), so they are mapped back to the row the merchant typed in.
 */
export function formErrorKey(path: readonly PropertyKey[], values: AssistantFormValues): string {
  const [field, index, part] = path.map(String);
  if (field === 'storeRetrievalSettings' && index) return index;
  if (field === 'assistantUserQA' && index !== undefined && part) {
    const sent = values.questions.filter((row) => row.question.trim() || row.answer.trim());
    const row = sent[Number(index)];
    if (row) return `${part}:${row.key}`;
  }
  return field ?? 'form';
}

export type Validation = { ok: true; body: CreateAssistantRequest } | { ok: false; errors: FormErrors };

/** Checks the form against the shared contract before anything is sent; first message per input. */
export function validateForm(values: AssistantFormValues): Validation {
  const parsed = createAssistantRequestSchema.safeParse(formToRequest(values));
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) {
    const key = formErrorKey(issue.path, values);
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Server field errors (dotted paths, see api-error-text.ts) placed on the form's inputs. */
export function formErrorsFromServer(paths: Record<string, string>, values: AssistantFormValues): FormErrors {
  const errors: FormErrors = {};
  for (const [path, message] of Object.entries(paths)) errors[formErrorKey(path.split('.'), values)] ??= message;
  return errors;
}
