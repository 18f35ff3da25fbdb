import { INVALID_AVATAR_IMAGE_MESSAGE } from '@aisle/contracts/avatars';
import { EXPIRES_IN_PAST_TEXT } from '@aisle/contracts/sharing';
import { i18n } from '@/i18n/i18n';

/**
 * The contract's validation messages (Django REST framework's wording, which the server answers
 * with too) in the interface's language. The form keeps the English message as its error; this
 * reads it when it is shown. A message it does not know (a server's own words) is shown as it is.
 */
const patterns: [RegExp, (match: RegExpExecArray) => string][] = [
  [/^This field may not be blank\.$/, () => i18n.t('assistants:validation.blank')],
  [/^This field is required\.$/, () => i18n.t('assistants:validation.required')],
  [/^Ensure this field has no more than (\d+) characters\.$/, (m) => i18n.t('assistants:validation.tooLong', { max: m[1] })],
  [/^Ensure this field has no more than (\d+) elements\.$/, (m) => i18n.t('assistants:validation.tooMany', { max: m[1] })],
  [/^Ensure this value is less than or equal to (\S+)\.$/, (m) => i18n.t('assistants:validation.atMost', { max: m[1] })],
  [/^Ensure this value is greater than or equal to (\S+)\.$/, (m) => i18n.t('assistants:validation.atLeast', { min: m[1] })],
  [/^A valid number is required\.$/, () => i18n.t('assistants:validation.number')],
  [/^A valid integer is required\.$/, () => i18n.t('assistants:validation.integer')],
  [/^Not a valid string\.$/, () => i18n.t('assistants:validation.string')],
  [/^Must be a valid boolean\.$/, () => i18n.t('assistants:validation.boolean')],
  [/^Enter a valid URL\.$/, () => i18n.t('assistants:validation.url')],
  [/^Enter a model as "provider:model", for example "local:extractive"\.$/, () => i18n.t('assistants:validation.model')],
  [/^"(.*)" is not a valid choice\.$/, (m) => i18n.t('assistants:validation.choice', { value: m[1] })],
  [/^Expected a JSON object\.$/, () => i18n.t('assistants:validation.object')],
  [/^Expected a list of items\.$/, () => i18n.t('assistants:validation.list')],
  [/^The avatar image is too large: the limit is (.+)\.$/, (m) => i18n.t('assistants:avatar.tooLarge', { limit: m[1] })],
  // template-add/'s refusal (the contracts' missingVariablesText).
  [
    /^Set the variables? (.+) before adding this template\.$/,
    (m) => i18n.t('assistants:linkFailures.missingVariables', { count: m[1]?.split(', ').length ?? 1, names: m[1] }),
  ],
];

export function validationText(message: string): string;
export function validationText(message: string | undefined): string | undefined;
export function validationText(message: string | undefined): string | undefined {
  if (!message) return message;
  if (message === EXPIRES_IN_PAST_TEXT) return i18n.t('assistants:validation.futureDate');
  if (message === INVALID_AVATAR_IMAGE_MESSAGE) return i18n.t('assistants:avatar.invalidImage');
  for (const [pattern, text] of patterns) {
    const match = pattern.exec(message);
    if (match) return text(match);
  }
  return message;
}
